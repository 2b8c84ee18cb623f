package io.keyline.engine.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.engine.cluster.ExchangeMessages.Answer;
import io.keyline.engine.cluster.ExchangeMessages.Charge;
import io.keyline.engine.cluster.ExchangeMessages.Debt;
import io.keyline.engine.cluster.ExchangeMessages.Demand;
import io.keyline.engine.cluster.ExchangeMessages.Report;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The capacity exchange's wire form: what is encoded is decoded unchanged, and anything else is refused. */
class ExchangeMessagesTest {
    private static final String ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/Orders";

    @Test void aReportAndAnAnswerSurviveTheirBinaryForm() {
        Report report = new Report("http://127.0.0.1:8001 42@1700000000000",
                List.of(new Demand(ARN, 1.5, 250, 0, 240), new Demand(ARN + "/index/ByDay", 0, 250, 0, 10, 0.5, 13_500)),
                List.of(new Charge(ARN + "/index/ByDay", Long.MIN_VALUE, -7, 200.25), new Charge(ARN, Long.MAX_VALUE, 0, 1)));
        assertThat(Report.decode(report.encode())).isEqualTo(report);
        Answer answer = new Answer(List.of(new Debt(ARN + "/index/ByDay", -5, 1L << 40, 200_000_001L)));
        assertThat(Answer.decode(answer.encode())).isEqualTo(answer);
        assertThat(Answer.decode(Answer.NONE.encode())).isEqualTo(Answer.NONE);
    }

    @Test void aBodyOfAnotherVersionOrCutShortIsRefused() {
        byte[] body = new Report("n", List.of(), List.of(new Charge(ARN, 1, 2, 3))).encode();
        byte[] otherVersion = body.clone();
        otherVersion[0] = 9;
        assertThatThrownBy(() -> Report.decode(otherVersion)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("version 9");
        assertThatThrownBy(() -> Report.decode(java.util.Arrays.copyOf(body, body.length - 3))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Answer.decode(new byte[0])).isInstanceOf(IllegalArgumentException.class);
    }
}
