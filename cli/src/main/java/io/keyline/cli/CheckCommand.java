package io.keyline.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code keyline check}: starts a throwaway server (RocksDB in a temporary directory, a free
 * port), takes a table through its life over HTTP (create, writes, reads, an index query, a
 * batch, delete) and reports whether every answer was a success. Besides checking an install,
 * it is the training run of {@code bin/keyline}'s class-data archive: the classes a server
 * loads to serve its first requests, recorded once so later start-ups map them instead of
 * loading them (docs/BENCHMARKS.md, start-up). Single-threaded; leaves nothing behind.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Start a throwaway server (RocksDB in a temporary directory), take a table through its life "
                + "over HTTP and report whether every request succeeded. Exit code 0 if so."})
final class CheckCommand implements Callable<Integer> {
    /** Each request: operation and body. Every one must answer 200. */
    private static final List<String[]> REQUESTS = List.of(
            req("CreateTable", "{'TableName':'check','BillingMode':'PAY_PER_REQUEST',"
                    + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'s','KeyType':'RANGE'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'s','AttributeType':'N'},"
                    + "{'AttributeName':'g','AttributeType':'S'}],"
                    + "'GlobalSecondaryIndexes':[{'IndexName':'byG','KeySchema':[{'AttributeName':'g','KeyType':'HASH'}],"
                    + "'Projection':{'ProjectionType':'ALL'}}]}"),
            req("DescribeTable", "{'TableName':'check'}"),
            req("PutItem", "{'TableName':'check','Item':{'p':{'S':'a'},'s':{'N':'1'},'g':{'S':'x'},'n':{'N':'0'}}}"),
            req("PutItem", "{'TableName':'check','Item':{'p':{'S':'a'},'s':{'N':'2'},'g':{'S':'x'}},"
                    + "'ConditionExpression':'attribute_not_exists(p)','ReturnConsumedCapacity':'TOTAL'}"),
            req("UpdateItem", "{'TableName':'check','Key':{'p':{'S':'a'},'s':{'N':'1'}},"
                    + "'UpdateExpression':'SET #n = #n + :one','ConditionExpression':'attribute_exists(p)',"
                    + "'ExpressionAttributeNames':{'#n':'n'},'ExpressionAttributeValues':{':one':{'N':'1'}},'ReturnValues':'ALL_NEW'}"),
            req("GetItem", "{'TableName':'check','Key':{'p':{'S':'a'},'s':{'N':'1'}},'ConsistentRead':true}"),
            req("Query", "{'TableName':'check','KeyConditionExpression':'p = :p AND s > :zero',"
                    + "'ExpressionAttributeValues':{':p':{'S':'a'},':zero':{'N':'0'}},'Limit':10}"),
            req("Query", "{'TableName':'check','IndexName':'byG','KeyConditionExpression':'g = :g',"
                    + "'ExpressionAttributeValues':{':g':{'S':'x'}}}"),
            req("Scan", "{'TableName':'check','FilterExpression':'n > :zero','ExpressionAttributeValues':{':zero':{'N':'0'}}}"),
            req("BatchWriteItem", "{'RequestItems':{'check':[{'PutRequest':{'Item':{'p':{'S':'b'},'s':{'N':'1'}}}},"
                    + "{'DeleteRequest':{'Key':{'p':{'S':'a'},'s':{'N':'2'}}}}]}}"),
            req("BatchGetItem", "{'RequestItems':{'check':{'Keys':[{'p':{'S':'b'},'s':{'N':'1'}}]}}}"),
            req("DeleteItem", "{'TableName':'check','Key':{'p':{'S':'b'},'s':{'N':'1'}},'ReturnValues':'ALL_OLD'}"),
            req("ListTables", "{}"),
            req("DeleteTable", "{'TableName':'check'}"));

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    private static String[] req(String operation, String body) {
        return new String[] {operation, body.replace('\'', '"')};
    }

    @Override public Integer call() throws IOException {
        Path dir = Files.createTempDirectory("keyline-check");
        try {
            ServeCommand serve = new ServeCommand();
            new CommandLine(serve).parseArgs("--port=0", "--data-dir=" + dir,
                    "--table-create-delay=0s", "--table-delete-delay=0s");
            try (ServeCommand.Running running = serve.start();
                 Socket socket = new Socket(InetAddress.getLoopbackAddress(), running.port())) {
                socket.setTcpNoDelay(true);
                for (String[] r : REQUESTS) {
                    String answer = call(socket, r[0], r[1]);
                    if (!answer.startsWith("HTTP/1.1 200")) {
                        spec.commandLine().getErr().println("keyline check: " + r[0] + " failed: " + answer);
                        return 1;
                    }
                }
            }
            spec.commandLine().getOut().println("keyline check: OK (" + REQUESTS.size() + " requests answered)");
            return 0;
        } finally {
            deleteTree(dir);
        }
    }

    /** One request on a keep-alive connection; the status line and body of the answer. */
    private static String call(Socket socket, String operation, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        String head = "POST / HTTP/1.1\r\nHost: localhost\r\nX-Amz-Target: DynamoDB_20120810." + operation + "\r\n"
                + "Content-Type: application/x-amz-json-1.0\r\n"
                + "X-Amz-Date: 20261130T000000Z\r\n"
                + "Authorization: AWS4-HMAC-SHA256 Credential=check/20261130/us-east-1/dynamodb/aws4_request, "
                + "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=0\r\n"
                + "Content-Length: " + body.length + "\r\n\r\n";
        OutputStream out = socket.getOutputStream();
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.flush();
        InputStream in = socket.getInputStream();
        String status = null;
        int length = 0;
        for (String line; !(line = readLine(in)).isEmpty(); ) {
            if (status == null) status = line;
            else if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) length = Integer.parseInt(line.substring(15).trim());
        }
        byte[] answer = in.readNBytes(length);
        return status + " " + new String(answer, StandardCharsets.UTF_8);
    }

    private static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b; (b = in.read()) != '\n'; ) {
            if (b < 0) throw new IOException("the server closed the connection");
            if (b != '\r') line.write(b);
        }
        return line.toString(StandardCharsets.US_ASCII);
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
