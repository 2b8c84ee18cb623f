package io.keyline.engine.cluster;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What two nodes say to each other each period of the capacity exchange
 * ({@link CapacityExchange}), and its binary form (big-endian, versioned by its first byte): a
 * node's {@link Report} to another, and the other's {@link Answer}. Immutable values.
 */
public final class ExchangeMessages {
    /** The form's version: a node refuses a body of another (2: a demand hands over banked units). */
    static final byte VERSION = 2;
    /** At most this many entries of one kind in a message: a body that claims more is refused. */
    static final int MAX_ENTRIES = 1 << 20;

    private ExchangeMessages() {}

    /**
     * A node's demand on one table or GSI in the last period: units asked (admitted or not) as a
     * smoothed figure a period, and units admitted in the period; and the banked units its share
     * of the table's limits gave up since its last report that it hands the receiver
     * (docs/RULES.md#CLUSTER-TABLE-BUDGET-SHARE), to bank within the receiver's share.
     */
    public record Demand(String arn, double readAsked, double writeAsked, double readUsed, double writeUsed,
                         double readHanded, double writeHanded) {
        /** A demand that hands over no banked units. */
        public Demand(String arn, double readAsked, double writeAsked, double readUsed, double writeUsed) {
            this(arn, readAsked, writeAsked, readUsed, writeUsed, 0, 0);
        }

        /** The same demand, handing {@code read} and {@code write} banked units to the receiver. */
        Demand handing(double read, double write) {
            return new Demand(arn, readAsked, writeAsked, readUsed, writeUsed, read, write);
        }
    }

    /** Write units the sender admitted at a token the receiver owns ({@code sort}: one of the writes' sort positions). */
    public record Charge(String arn, long token, long sort, double units) {}

    /** One period's report of {@code sender}: its demand on every table and GSI it used, and its charges for the receiver. */
    public record Report(String sender, List<Demand> demands, List<Charge> charges) {
        public Report {
            demands = List.copyOf(demands);
            charges = List.copyOf(charges);
        }

        public byte[] encode() {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 48 * (demands.size() + charges.size()));
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeByte(VERSION);
                out.writeUTF(sender);
                out.writeInt(demands.size());
                for (Demand d : demands) {
                    out.writeUTF(d.arn());
                    out.writeDouble(d.readAsked());
                    out.writeDouble(d.writeAsked());
                    out.writeDouble(d.readUsed());
                    out.writeDouble(d.writeUsed());
                    out.writeDouble(d.readHanded());
                    out.writeDouble(d.writeHanded());
                }
                out.writeInt(charges.size());
                for (Charge c : charges) {
                    out.writeUTF(c.arn());
                    out.writeLong(c.token());
                    out.writeLong(c.sort());
                    out.writeDouble(c.units());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return bytes.toByteArray();
        }

        /** @throws IllegalArgumentException if {@code body} is not a report of this version */
        public static Report decode(byte[] body) {
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(body))) {
                version(in);
                String sender = in.readUTF();
                int n = count(in);
                List<Demand> demands = new ArrayList<>(Math.min(n, 1024));
                for (int i = 0; i < n; i++) {
                    demands.add(new Demand(in.readUTF(), in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble(),
                            in.readDouble(), in.readDouble()));
                }
                n = count(in);
                List<Charge> charges = new ArrayList<>(Math.min(n, 1024));
                for (int i = 0; i < n; i++) charges.add(new Charge(in.readUTF(), in.readLong(), in.readLong(), in.readDouble()));
                return new Report(sender, demands, charges);
            } catch (IOException e) {
                throw new IllegalArgumentException("not a capacity report: " + e.getMessage(), e);
            }
        }
    }

    /** A partition of the receiver's in debt: its tokens, and how long until the debt is repaid (from when it answered). */
    public record Debt(String arn, long firstToken, long lastToken, long nanos) {}

    /** The answer to a report: the receiver's partitions in debt among those the report's charges landed on. */
    public record Answer(List<Debt> debts) {
        public static final Answer NONE = new Answer(List.of());

        public Answer {
            debts = List.copyOf(debts);
        }

        public byte[] encode() {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(8 + 64 * debts.size());
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeByte(VERSION);
                out.writeInt(debts.size());
                for (Debt d : debts) {
                    out.writeUTF(d.arn());
                    out.writeLong(d.firstToken());
                    out.writeLong(d.lastToken());
                    out.writeLong(d.nanos());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return bytes.toByteArray();
        }

        /** @throws IllegalArgumentException if {@code body} is not an answer of this version */
        public static Answer decode(byte[] body) {
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(body))) {
                version(in);
                int n = count(in);
                List<Debt> debts = new ArrayList<>(Math.min(n, 1024));
                for (int i = 0; i < n; i++) debts.add(new Debt(in.readUTF(), in.readLong(), in.readLong(), in.readLong()));
                return new Answer(debts);
            } catch (IOException e) {
                throw new IllegalArgumentException("not a capacity answer: " + e.getMessage(), e);
            }
        }
    }

    private static void version(DataInputStream in) throws IOException {
        byte v = in.readByte();
        if (v != VERSION) throw new IOException("version " + v + ", expected " + VERSION);
    }

    private static int count(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_ENTRIES) throw new IOException("a count of " + n);
        return n;
    }
}
