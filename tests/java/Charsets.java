// Character encodings the VM and the JDK derive from the environment (the test harness
// runs it in C.UTF-8; tool/charsets runs it under other locales and -D settings): the
// default charset, file.encoding, native.encoding, sun.jnu.encoding and the stdout/stderr
// encoding properties; non-ASCII text written through System.out and System.err (each
// stream encodes what it cannot represent as '?'); a file name with non-ASCII characters
// created and listed back; and encoding/decoding with explicit charsets.
import java.io.File;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

public class Charsets {
    public static void main(String[] args) throws IOException {
        String[] keys = { "file.encoding", "native.encoding", "sun.jnu.encoding", "sun.stdout.encoding",
                          "sun.stderr.encoding", "user.language", "user.country" };
        StringBuilder sb = new StringBuilder("default charset ").append(Charset.defaultCharset());
        for (String k : keys) sb.append(", ").append(k).append('=').append(System.getProperty(k));
        System.out.println(sb);
        String text = "caf\u00e9 \u20ac \u00df \u4e2d \uD83D\uDE00";
        System.out.println("stdout: " + text);
        System.err.println("stderr: " + text);
        File f = new File("charsets-\u00e9\u20ac.txt");
        System.out.println("created " + f.createNewFile());
        String[] names = new File(".").list((dir, name) -> name.startsWith("charsets-"));
        Arrays.sort(names);
        for (String n : names) {
            StringBuilder units = new StringBuilder();
            for (char c : n.toCharArray()) units.append(Integer.toHexString(c)).append(' ');
            System.out.println("listed: " + units.toString().trim() + ", exists " + new File(n).exists());
        }
        System.out.println("deleted " + f.delete());
        for (Charset cs : new Charset[] { StandardCharsets.UTF_8, StandardCharsets.ISO_8859_1, StandardCharsets.US_ASCII,
                                          StandardCharsets.UTF_16LE, Charset.forName("windows-1252") }) {
            byte[] b = text.getBytes(cs);
            System.out.println(cs + ": " + b.length + " bytes " + Arrays.toString(Arrays.copyOf(b, 8)) + " back: "
                               + new String(b, cs).equals(text));
        }
    }
}
