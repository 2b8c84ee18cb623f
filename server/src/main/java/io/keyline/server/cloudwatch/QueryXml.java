package io.keyline.server.cloudwatch;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The query protocol's XML replies, written with the JDK's {@link XMLStreamWriter}:
 * {@code <OpResponse xmlns=...><OpResult>...</OpResult><ResponseMetadata><RequestId>}, lists as
 * {@code <member>} elements, maps as {@code <entry><key/><value/></entry>}, timestamps in ISO 8601;
 * errors as {@code <ErrorResponse><Error><Type/><Code/><Message/></Error><RequestId/>}.
 * Member order is the tree's, which the operations build in the model's {@code xmlOrder}. Thread-safe.
 */
final class QueryXml {
    static final String NAMESPACE = "http://monitoring.amazonaws.com/doc/2010-08-01/";
    private static final XMLOutputFactory FACTORY = XMLOutputFactory.newFactory();

    private QueryXml() {}

    static byte[] result(String operation, Map<String, Object> result, String requestId) {
        return document(w -> {
            w.writeStartElement(operation + "Response");
            w.writeDefaultNamespace(NAMESPACE);
            w.writeStartElement(operation + "Result");
            members(w, result);
            w.writeEndElement();
            w.writeStartElement("ResponseMetadata");
            element(w, "RequestId", requestId);
            w.writeEndElement();
            w.writeEndElement();
        });
    }

    static byte[] error(CloudWatchError e, String requestId) {
        return document(w -> {
            w.writeStartElement("ErrorResponse");
            w.writeDefaultNamespace(NAMESPACE);
            w.writeStartElement("Error");
            element(w, "Type", e.faultType());
            element(w, "Code", e.code());
            element(w, "Message", e.getMessage());
            w.writeEndElement();
            element(w, "RequestId", requestId);
            w.writeEndElement();
        });
    }

    private interface Body { void write(XMLStreamWriter w) throws XMLStreamException; }

    private static byte[] document(Body body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            XMLStreamWriter w = FACTORY.createXMLStreamWriter(out, "UTF-8");
            w.writeStartDocument("UTF-8", "1.0");
            body.write(w);
            w.writeEndDocument();
            w.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return out.toByteArray();
    }

    private static void members(XMLStreamWriter w, Map<?, ?> struct) throws XMLStreamException {
        for (Map.Entry<?, ?> e : struct.entrySet()) {
            if (e.getValue() != null) value(w, (String) e.getKey(), e.getValue());
        }
    }

    private static void value(XMLStreamWriter w, String name, Object v) throws XMLStreamException {
        w.writeStartElement(name);
        if (v instanceof List<?> l) {
            for (Object item : l) value(w, "member", item);
        } else if (v instanceof XmlMap m) {
            for (Map.Entry<String, ?> e : m.entries().entrySet()) {
                w.writeStartElement("entry");
                element(w, "key", e.getKey());
                value(w, "value", e.getValue());
                w.writeEndElement();
            }
        } else if (v instanceof Map<?, ?> m) {
            members(w, m);
        } else {
            w.writeCharacters(text(v));
        }
        w.writeEndElement();
    }

    private static void element(XMLStreamWriter w, String name, String text) throws XMLStreamException {
        w.writeStartElement(name);
        if (text != null) w.writeCharacters(text);
        w.writeEndElement();
    }

    private static String text(Object v) {
        if (v instanceof Instant i) return DateTimeFormatter.ISO_INSTANT.format(i);
        return String.valueOf(v);
    }

    /**
     * A map-shaped member (as opposed to a structure): the query protocol writes it as entries.
     * In CBOR and JSON it is an object like a structure, so {@link TreeCodec} sees a plain map.
     */
    record XmlMap(Map<String, ?> entries) {}
}
