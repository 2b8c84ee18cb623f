package io.keyline.simulator.scenario;

import java.util.SplittableRandom;

/**
 * Random text (S: letters and digits, one byte each) or bytes (B: their base64) of a size, cut
 * from a 64 KB pool made once from the scenario's seed at a random offset per value: a copy, not
 * a random draw per byte, so a 1 KB payload costs about as much as a short key. Immutable.
 */
final class RandomContent implements ValueGenerator {
    private static final String TEXT_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final String BASE64_ALPHABET = TEXT_ALPHABET + "+/";
    private static final int POOL = 1 << 16;

    private final String pool;
    private final int length;
    private final String tail;

    /**
     * @param size   bytes of the value
     * @param binary true for B (base64 text of {@code size} bytes)
     */
    RandomContent(int size, boolean binary, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        String alphabet = binary ? BASE64_ALPHABET : TEXT_ALPHABET;
        int body = binary ? 4 * (size / 3) : size;
        int rest = binary ? size % 3 : 0;
        // Base64 of the last 1 or 2 bytes: 2 or 3 characters whose unused low bits are zero ('A'), then padding.
        this.tail = rest == 1 ? "AA==" : rest == 2 ? "AAA=" : "";
        this.length = body;
        StringBuilder b = new StringBuilder(POOL + body);
        for (int i = 0; i < POOL + body; i++) b.append(alphabet.charAt(r.nextInt(binary ? 64 : 62)));
        // Any run of base64 characters whose length is a multiple of 4 decodes, so any offset will do.
        this.pool = b.toString();
    }

    @Override
    public String next(Draw draw) {
        int offset = draw.random.nextInt(POOL);
        String cut = pool.substring(offset, offset + length);
        return tail.isEmpty() ? cut : cut.concat(tail);
    }
}
