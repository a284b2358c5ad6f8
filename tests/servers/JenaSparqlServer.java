// A SPARQL 1.1 Protocol and Graph Store Protocol front for Apache Jena ARQ over a TDB2 dataset: the test
// stand-in for Fuseki, whose HTTP layer neither Debian nor PyPI packages (Debian bookworm ships the Jena
// 4.5.0 libraries, libapache-jena-java, without Fuseki).  Query evaluation, update execution, result
// writing (ResultSetFormatter: SPARQL JSON / XML), RDF parsing and writing are Jena's own; only the HTTP
// routing below is ours.  It lays its endpoints out as a Fuseki dataset does (/ds/query, /ds/update,
// /ds/data) and the dataset as `fuseki-server --tdb2 --loc=DIR /ds` with `tdb2:unionDefaultGraph true`.
//
//   java -cp <jena jars>:<dir> JenaSparqlServer PORT TDB2_DIR [user:password]
//
// With user:password every request needs HTTP Basic authentication (the JDK's BasicAuthenticator).
// Bound to 127.0.0.1 only.  Started and stopped by tests/servers.py; not part of provkg.

import com.sun.net.httpserver.BasicAuthenticator;
import com.sun.net.httpserver.HttpContext;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;

import org.apache.jena.query.Dataset;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryExecutionFactory;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.ResultSetFormatter;
import org.apache.jena.query.TxnType;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.system.Txn;
import org.apache.jena.tdb2.TDB2;
import org.apache.jena.tdb2.TDB2Factory;
import org.apache.jena.update.UpdateAction;
import org.apache.jena.update.UpdateFactory;
import org.apache.jena.update.UpdateRequest;

public class JenaSparqlServer {
    static Dataset ds;

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        ds = TDB2Factory.connectDataset(args[1]);
        ds.getContext().set(TDB2.symUnionDefaultGraph, true);
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        HttpContext[] ctxs = {
            server.createContext("/ds/query", JenaSparqlServer::query),
            server.createContext("/ds/update", JenaSparqlServer::update),
            server.createContext("/ds/data", JenaSparqlServer::data),
        };
        if (args.length > 2) {
            String[] cred = args[2].split(":", 2);
            for (HttpContext c : ctxs) {
                c.setAuthenticator(new BasicAuthenticator("provkg-test") {
                    @Override
                    public boolean checkCredentials(String user, String pwd) {
                        return user.equals(cred[0]) && pwd.equals(cred[1]);
                    }
                });
            }
        }
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.start();
        System.out.println("ready " + port);
        System.out.flush();
    }

    static Map<String, String> form(String s) {
        Map<String, String> m = new HashMap<>();
        if (s == null || s.isEmpty()) return m;
        for (String kv : s.split("&")) {
            int i = kv.indexOf('=');
            String k = URLDecoder.decode(i < 0 ? kv : kv.substring(0, i), StandardCharsets.UTF_8);
            String v = i < 0 ? "" : URLDecoder.decode(kv.substring(i + 1), StandardCharsets.UTF_8);
            m.put(k, v);
        }
        return m;
    }

    static String body(HttpExchange ex) throws IOException {
        try (InputStream in = ex.getRequestBody()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static String ctype(HttpExchange ex) {
        String c = ex.getRequestHeaders().getFirst("Content-Type");
        return c == null ? "" : c.split(";")[0].trim().toLowerCase();
    }

    static void send(HttpExchange ex, int code, String type, byte[] data) throws IOException {
        if (type != null) ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(code, data.length == 0 ? -1 : data.length);
        try (OutputStream o = ex.getResponseBody()) {
            o.write(data);
        }
    }

    static void error(HttpExchange ex, int code, Throwable e) throws IOException {
        String msg = String.valueOf(e.getMessage()).replace('\n', ' ');
        send(ex, code, "text/plain; charset=utf-8", msg.getBytes(StandardCharsets.UTF_8));
    }

    /** The text of the request parameter `name`: the URL's query string, a form body, or a direct body. */
    static String param(HttpExchange ex, String name, String direct) throws IOException {
        Map<String, String> q = form(ex.getRequestURI().getRawQuery());
        if ("POST".equals(ex.getRequestMethod())) {
            String t = ctype(ex);
            String b = body(ex);
            if (t.equals("application/x-www-form-urlencoded")) q.putAll(form(b));
            else if (t.equals(direct)) q.put(name, b);
        }
        return q.get(name);
    }

    static void query(HttpExchange ex) throws IOException {
        try {
            String text = param(ex, "query", "application/sparql-query");
            if (text == null) { send(ex, 400, "text/plain", "no query".getBytes()); return; }
            Query q;
            try {
                q = QueryFactory.create(text);
            } catch (Exception e) { error(ex, 400, e); return; }
            String accept = ex.getRequestHeaders().getFirst("Accept");
            accept = accept == null ? "" : accept;
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            String type;
            ds.begin(TxnType.READ);
            try (QueryExecution qe = QueryExecutionFactory.create(q, ds)) {
                if (q.isSelectType()) {
                    if (accept.startsWith("application/sparql-results+xml")) {
                        ResultSetFormatter.outputAsXML(out, qe.execSelect());
                        type = "application/sparql-results+xml";
                    } else {
                        ResultSetFormatter.outputAsJSON(out, qe.execSelect());
                        type = "application/sparql-results+json";
                    }
                } else if (q.isAskType()) {
                    if (accept.startsWith("application/sparql-results+xml")) {
                        ResultSetFormatter.outputAsXML(out, qe.execAsk());
                        type = "application/sparql-results+xml";
                    } else {
                        ResultSetFormatter.outputAsJSON(out, qe.execAsk());
                        type = "application/sparql-results+json";
                    }
                } else {
                    Model m = q.isConstructType() ? qe.execConstruct() : qe.execDescribe();
                    RDFDataMgr.write(out, m, Lang.NTRIPLES);
                    type = "application/n-triples";
                }
            } finally {
                ds.end();
            }
            send(ex, 200, type + "; charset=utf-8", out.toByteArray());
        } catch (Exception e) {
            error(ex, 500, e);
        }
    }

    static void update(HttpExchange ex) throws IOException {
        try {
            if (!"POST".equals(ex.getRequestMethod())) { send(ex, 405, "text/plain", new byte[0]); return; }
            String text = param(ex, "update", "application/sparql-update");
            if (text == null) { send(ex, 400, "text/plain", "no update".getBytes()); return; }
            UpdateRequest u;
            try {
                u = UpdateFactory.create(text);
            } catch (Exception e) { error(ex, 400, e); return; }
            Txn.executeWrite(ds, () -> UpdateAction.execute(u, ds));
            send(ex, 204, null, new byte[0]);
        } catch (Exception e) {
            error(ex, 500, e);
        }
    }

    static void data(HttpExchange ex) throws IOException {
        try {
            String g = form(ex.getRequestURI().getRawQuery()).get("graph");
            if (g == null) { send(ex, 400, "text/plain", "?graph= needed".getBytes()); return; }
            org.apache.jena.graph.Node gn = org.apache.jena.graph.NodeFactory.createURI(g);
            switch (ex.getRequestMethod()) {
                case "PUT": {
                    String b = body(ex);
                    Model m = ModelFactory.createDefaultModel();
                    RDFParser.fromString(b).lang(Lang.NTRIPLES).parse(m);
                    boolean[] existed = {false};
                    Txn.executeWrite(ds, () -> {
                        DatasetGraph dg = ds.asDatasetGraph();
                        existed[0] = dg.containsGraph(gn);
                        dg.removeGraph(gn);
                        dg.addGraph(gn, m.getGraph());
                    });
                    send(ex, existed[0] ? 204 : 201, null, new byte[0]);
                    return;
                }
                case "DELETE": {
                    boolean[] existed = {false};
                    Txn.executeWrite(ds, () -> {
                        DatasetGraph dg = ds.asDatasetGraph();
                        existed[0] = dg.containsGraph(gn);
                        dg.removeGraph(gn);
                    });
                    send(ex, existed[0] ? 204 : 404, null, new byte[0]);
                    return;
                }
                case "GET": {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    Txn.executeRead(ds, () -> RDFDataMgr.write(out, ds.getNamedModel(g), Lang.NTRIPLES));
                    send(ex, 200, "application/n-triples", out.toByteArray());
                    return;
                }
                default:
                    send(ex, 405, "text/plain", new byte[0]);
            }
        } catch (Exception e) {
            error(ex, 500, e);
        }
    }
}
