import java.sql.*;

/** JDBC through DriverManager against H2, in memory and in a file. */
public class Jdbc {
    public static void main(String[] args) throws Exception {
        for (String url : new String[] {"jdbc:h2:mem:apps", "jdbc:h2:" + args[0] + "/db"}) {
            try (Connection c = DriverManager.getConnection(url, "sa", "");
                 Statement s = c.createStatement()) {
                s.execute("create table t(id int primary key, name varchar(20))");
                try (PreparedStatement p = c.prepareStatement("insert into t values(?, ?)")) {
                    for (int i = 1; i <= 5; i++) { p.setInt(1, i); p.setString(2, "n" + i); p.executeUpdate(); }
                }
                try (ResultSet r = s.executeQuery("select count(*), sum(id), max(name) from t")) {
                    r.next();
                    System.out.println(r.getInt(1) + " " + r.getInt(2) + " " + r.getString(3));
                }
                System.out.println(c.getMetaData().getDatabaseProductName());
            }
        }
    }
}
