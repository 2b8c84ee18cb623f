package io.keyline.op.control;

import io.keyline.op.request.Names;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class SchemaInputTest {
    /** The hand-written name check says what the documented regular expression says, for every character class near its edges. */
    @Test void isNameAgreesWithTheNamePattern() {
        String alphabet = "aAzZ09_.-@/`{[:\u0000 \u00e9\u0100\u65e5\ud83d\ude00";
        Random random = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder s = new StringBuilder();
            int n = random.nextInt(6);
            for (int j = 0; j < n; j++) s.append(alphabet.charAt(random.nextInt(alphabet.length())));
            String name = s.toString();
            assertThat(Names.isName(name)).as("'%s'", name).isEqualTo(Names.NAME_PATTERN.matcher(name).matches());
        }
        for (char c = 0; c < 256; c++) {
            String name = "ab" + c;
            assertThat(Names.isName(name)).as("char %d", (int) c).isEqualTo(Names.NAME_PATTERN.matcher(name).matches());
        }
    }
}
