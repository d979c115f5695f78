// JDBC through java.sql.DriverManager, whose methods are @CallerSensitive in a class of the
// platform loader (the VM must honour the annotation there as for boot classes).  Alone,
// with no driver on the class path, it shows DriverManager's own answers; tool/jdbc_h2
// runs it with H2 on the class path: "mem" uses an embedded in-memory database, "tcp"
// starts H2's TCP server in this process on a free port of 127.0.0.1 and connects to it.
import java.lang.reflect.Method;
import java.net.ServerSocket;
import java.sql.*;

public class JdbcH2 {
    public static void main(String[] args) throws Exception {
        watchdog();
        DriverManager.setLoginTimeout(30);
        if (args.length == 0) noDriver();
        else if (args[0].equals("mem")) work("jdbc:h2:mem:loupe");
        else tcp();
    }

    /** Ends the run if a connection hangs, so the test stays bounded in time. */
    static void watchdog() {
        Thread w = new Thread(() -> {
            try { Thread.sleep(600_000); } catch (InterruptedException e) { return; }
            System.out.println("timed out");
            Runtime.getRuntime().halt(3);
        });
        w.setDaemon(true);
        w.start();
    }

    static void noDriver() {
        try {
            DriverManager.getConnection("jdbc:h2:mem:loupe");
        } catch (SQLException e) {
            System.out.println(e.getMessage() + " state=" + e.getSQLState());
        }
        try {
            DriverManager.getDriver("jdbc:nothing:x");
        } catch (SQLException e) {
            System.out.println(e.getMessage() + " state=" + e.getSQLState());
        }
        System.out.println("drivers: " + DriverManager.drivers().count());
    }

    static void work(String url) throws SQLException {
        Driver d = DriverManager.getDriver(url);
        System.out.println("driver " + d.getClass().getName() + " accepts " + d.acceptsURL(url));
        try (Connection c = DriverManager.getConnection(url, "sa", "")) {
            DatabaseMetaData md = c.getMetaData();
            System.out.println("product " + md.getDatabaseProductName() + ", url " + md.getURL());
            try (Statement s = c.createStatement()) {
                s.execute("create table item(id int primary key, name varchar(40), price decimal(10,2))");
            }
            try (PreparedStatement p = c.prepareStatement("insert into item values (?, ?, ?)")) {
                for (int i = 1; i <= 20; i++) {
                    p.setInt(1, i);
                    p.setString(2, "item-" + i);
                    p.setBigDecimal(3, new java.math.BigDecimal(i * 125).movePointLeft(2));
                    p.addBatch();
                }
                System.out.println("inserted " + p.executeBatch().length);
            }
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.executeUpdate("update item set price = price * 2 where id <= 5");
                c.rollback();
                s.executeUpdate("delete from item where mod(id, 3) = 0");
                c.commit();
            }
            try (Statement s = c.createStatement();
                 ResultSet r = s.executeQuery("select count(*), sum(price), max(name) from item")) {
                r.next();
                System.out.println("count " + r.getInt(1) + " sum " + r.getBigDecimal(2) + " max " + r.getString(3));
            }
            try (Statement s = c.createStatement()) {
                s.executeQuery("select * from missing_table");
            } catch (SQLException e) {
                System.out.println("error code " + e.getErrorCode() + " state " + e.getSQLState());
            }
        }
    }

    static void tcp() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            port = probe.getLocalPort();
        }
        Class<?> server = Class.forName("org.h2.tools.Server");
        Method create = server.getMethod("createTcpServer", String[].class);
        Object srv = create.invoke(null, (Object) new String[] { "-tcpPort", String.valueOf(port), "-ifNotExists" });
        server.getMethod("start").invoke(srv);
        System.out.println("server running " + server.getMethod("isRunning", boolean.class).invoke(srv, false));
        try {
            work("jdbc:h2:tcp://127.0.0.1:" + port + "/mem:remote");
        } finally {
            server.getMethod("stop").invoke(srv);
        }
        System.out.println("server stopped");
    }
}
