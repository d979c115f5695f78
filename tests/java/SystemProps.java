// vm-options: -Dloupe.test.plain=value -Dloupe.test.empty= -Dloupe.test.noequals -Dloupe.test.eq=a=b -Dloupe.test.unicode=hé€ -Dloupe.test.dup=first -Dloupe.test.dup=second -Duser.country=CA -Duser.language=fr
// System properties and the environment: -D options (empty values, no '=', '=' inside the
// value, non-ASCII, the last of duplicates wins, overriding user.language and
// user.country, which changes the default locale), the properties whose values the
// specification fixes (java.specification.*, java.vm.specification.*, java.class.version,
// separators, encodings in the test's UTF-8 environment), setProperty/clearProperty and
// Properties files (load/store with escapes, defaults, XML), System.getenv (values the
// test harness sets, a missing variable, the unmodifiable map), and the default charset.
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;

public class SystemProps {
    static final String[] FIXED = {
        "java.specification.name", "java.specification.vendor", "java.specification.version",
        "java.vm.specification.name", "java.vm.specification.vendor", "java.vm.specification.version",
        "java.class.version", "file.separator", "path.separator", "line.separator", "file.encoding", "native.encoding",
        "sun.jnu.encoding", "sun.stdout.encoding", "sun.stderr.encoding", "java.io.tmpdir", "os.name", "os.arch",
        "sun.arch.data.model", "sun.cpu.endian", "java.version", "java.runtime.version", "java.vendor",
        "user.language", "user.country", "user.variant", "user.script", "jdk.debug",
    };

    public static void main(String[] args) throws Exception {
        Properties sys = System.getProperties();
        TreeMap<String, String> mine = new TreeMap<>();
        for (String k : sys.stringPropertyNames()) if (k.startsWith("loupe.test.")) mine.put(k, sys.getProperty(k));
        System.out.println(mine);
        for (String k : FIXED) System.out.println(k + "=" + String.valueOf(System.getProperty(k)).replace("\n", "\\n"));
        System.out.println("default locale " + Locale.getDefault() + ", format locale " + Locale.getDefault(Locale.Category.FORMAT)
                           + ", " + String.format("%,.2f", 1234.5));
        System.out.println("java.home is a directory: " + new java.io.File(System.getProperty("java.home"), "lib").isDirectory()
                           + ", user.dir absolute: " + new java.io.File(System.getProperty("user.dir")).isAbsolute());
        System.out.println("setProperty " + System.setProperty("loupe.test.plain", "changed") + " -> "
                           + System.getProperty("loupe.test.plain") + ", clear " + System.clearProperty("loupe.test.plain")
                           + " -> " + System.getProperty("loupe.test.plain", "gone"));
        try {
            System.getProperty("");
        } catch (IllegalArgumentException e) {
            System.out.println(e);
        }
        try {
            System.setProperty(null, "x");
        } catch (NullPointerException e) {
            System.out.println(e);
        }

        Properties p = new Properties();
        p.load(new StringReader("# comment\n! also comment\na=1\nb : two \\\n   lines\nc\\ key=sp\\ace\nunicode=\\u00e9\\u20ac\n"
                                + "  indented = yes\nempty=\ncolon:and=equals\n"));
        System.out.println(new TreeMap<>(p));
        Properties withDefaults = new Properties(p);
        withDefaults.setProperty("a", "override");
        System.out.println(withDefaults.getProperty("a") + " " + withDefaults.getProperty("b") + " " + withDefaults.get("b")
                           + " " + new TreeSet<>(withDefaults.stringPropertyNames()));
        StringWriter sw = new StringWriter();
        p.store(sw, "header with é");
        List<String> stored = new ArrayList<>();
        for (String line : sw.toString().split("\n")) if (!line.startsWith("#") || line.contains("header")) stored.add(line);
        stored.sort(null);
        System.out.println(stored);
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        p.store(bo, null);
        Properties back = new Properties();
        back.load(new ByteArrayInputStream(bo.toByteArray()));
        System.out.println("round trip equal: " + back.equals(p));
        ByteArrayOutputStream xml = new ByteArrayOutputStream();
        p.storeToXML(xml, "xml comment");
        Properties fromXml = new Properties();
        fromXml.loadFromXML(new ByteArrayInputStream(xml.toByteArray()));
        System.out.println("XML round trip equal: " + fromXml.equals(p));

        Map<String, String> env = System.getenv();
        System.out.println("LC_ALL=" + System.getenv("LC_ALL") + " TZ=" + env.get("TZ") + " missing=" + System.getenv("LOUPE_NO_SUCH_VARIABLE")
                           + " CLASSPATH=" + System.getenv("CLASSPATH") + " has PATH " + env.containsKey("PATH"));
        try {
            env.put("X", "y");
        } catch (UnsupportedOperationException e) {
            System.out.println("environment is unmodifiable");
        }
        System.out.println("default charset " + Charset.defaultCharset() + ", console " + (System.console() != null));
        System.out.println("UTF-8 output: h\u00e9llo \u20ac \uD83D\uDE00");
        System.err.println("UTF-8 on stderr: h\u00e9llo \u20ac");
    }
}
