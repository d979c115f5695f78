// Text formatting in the class library: String.format/Formatter with every conversion,
// flag, width and precision (and the errors for bad ones), locale-sensitive formatting in
// several locales (grouping and decimal separators, month and day names, scripts with
// their own digits), java.text (NumberFormat, DecimalFormat, SimpleDateFormat,
// MessageFormat, ChoiceFormat, Collator), java.time formatting and parsing, and
// Locale's display names.  Fixed dates and time zones only.
import java.math.BigDecimal;
import java.math.BigInteger;
import java.text.ChoiceFormat;
import java.text.Collator;
import java.text.DecimalFormat;
import java.text.MessageFormat;
import java.text.NumberFormat;
import java.text.SimpleDateFormat;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.Arrays;
import java.util.Calendar;
import java.util.Date;
import java.util.Formatter;
import java.util.GregorianCalendar;
import java.util.IllegalFormatException;
import java.util.Locale;
import java.util.TimeZone;

public class Formatting {
    static void bad(String format, Object... args) {
        try {
            System.out.println("unexpectedly formatted: " + String.format(format, args));
        } catch (IllegalFormatException e) {
            System.out.println(format + " -> " + e);
        }
    }

    public static void main(String[] args) {
        System.out.println(String.format("%d|%5d|%-5d|%05d|%+d|% d|%(d|%,d|%x|%X|%#x|%o|%#o", 42, 42, 42, 42, 42, 42, -42,
                                         1234567, 255, 255, 255, 8, 8));
        System.out.println(String.format("%f|%.2f|%10.3f|%-10.1f|%e|%.3E|%g|%G|%a|%,.2f|%.0f|%.0f", Math.PI, Math.E,
                                         -1.5, 2.25, 12345.678, 0.000123, 0.0001234, 1e10, 1.0, 9876543.21, 0.5, 1.5));
        System.out.println(String.format("%s|%10s|%-10s|%.3s|%S|%c|%C|%b|%B|%h|%n%%|%2$s %1$s|%<s", "abc", "right",
                                         "left", "truncate", "upper", 'x', 'y', null, true, "hi"));
        System.out.println(String.format("%d %s %s %s", Long.MIN_VALUE, new BigInteger("123456789012345678901234567890"),
                                         new BigDecimal("1.10"), Arrays.asList(1, 2)));
        System.out.println(String.format("%,d %.3f %e", new BigInteger("-98765432109876543210"),
                                         new BigDecimal("2.71828182845904523536"), new BigDecimal("12345.6789")));
        System.out.println(String.format("%f %f %f %e %g", Double.NaN, Double.POSITIVE_INFINITY, -0.0, Double.MIN_VALUE, 100000.0));
        bad("%d", "string");
        bad("%q", 1);
        bad("%.2d", 1);
        bad("%-d", 1);
        bad("%s %s", "one");
        bad("%#s", "x");
        bad("%,c", 'c');
        bad("%0s", "x");
        bad("%c", 0x110000);

        Calendar cal = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
        cal.clear();
        cal.set(2021, Calendar.MARCH, 4, 13, 5, 9);
        Locale[] locales = { Locale.US, Locale.UK, Locale.GERMANY, Locale.FRANCE, new Locale("es", "ES"),
                             Locale.JAPAN, new Locale("ar", "EG"), new Locale("hi", "IN"), new Locale("th", "TH", "TH"),
                             Locale.ROOT };
        for (Locale l : locales) {
            Formatter f = new Formatter(new StringBuilder(), l);
            f.format("%,.2f %,d %tA %<tB %<te %<tY %<tH:%<tM %<tp|", 1234567.891, -9876543, cal);
            f.format("%s|%s", NumberFormat.getPercentInstance(l).format(0.256), NumberFormat.getInstance(l).format(-1234.5));
            System.out.println(l + ": " + f);
        }
        for (Locale l : new Locale[] { Locale.US, Locale.GERMANY, Locale.JAPAN, new Locale("de", "CH") }) {
            System.out.println(l + " currency: " + NumberFormat.getCurrencyInstance(l).format(1234.5) + " "
                               + NumberFormat.getIntegerInstance(l).format(2.5) + " "
                               + NumberFormat.getCompactNumberInstance(l, NumberFormat.Style.SHORT).format(1234567));
        }
        DecimalFormat df = new DecimalFormat("#,##0.00;(#,##0.00)");
        System.out.println(df.format(-1234.567) + " " + df.format(0.005) + " " + new DecimalFormat("0.###E0").format(123456)
                           + " " + new DecimalFormat("00.00%").format(0.1234));

        SimpleDateFormat sdf = new SimpleDateFormat("EEEE, d MMMM yyyy HH:mm:ss zzzz", Locale.FRANCE);
        sdf.setTimeZone(TimeZone.getTimeZone("Europe/Paris"));
        Date date = cal.getTime();
        System.out.println(sdf.format(date));
        sdf = new SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSSZ", Locale.ROOT);
        sdf.setTimeZone(TimeZone.getTimeZone("America/New_York"));
        System.out.println(sdf.format(date) + " " + date.getTime());
        System.out.println(MessageFormat.format("{0} has {1,number,integer} files and {2,number,percent} free on {3,date,long}",
                                                "disk", 1234, 0.5, date));
        ChoiceFormat cf = new ChoiceFormat("0#no files|1#one file|1<{0,number,integer} files");
        for (int n : new int[] { 0, 1, 2, 1000 }) System.out.print(MessageFormat.format(cf.format(n), n) + "; ");
        System.out.println();
        String[] words = { "peach", "Péché", "pêche", "apple", "Zebra", "zèbre", "éclair" };
        Arrays.sort(words, Collator.getInstance(Locale.FRANCE));
        System.out.println(Arrays.toString(words));

        ZonedDateTime zdt = ZonedDateTime.of(LocalDateTime.of(2024, 2, 29, 23, 30), ZoneId.of("Asia/Kolkata"));
        System.out.println(zdt + " " + zdt.withZoneSameInstant(ZoneId.of("UTC")) + " " + zdt.toInstant().toEpochMilli());
        for (Locale l : new Locale[] { Locale.US, Locale.GERMAN, new Locale("ru"), Locale.CHINA }) {
            System.out.println(l + ": " + DateTimeFormatter.ofLocalizedDateTime(FormatStyle.FULL).withLocale(l).format(zdt)
                               + " | " + DateTimeFormatter.ofPattern("EEE d MMM uuuu", l).format(zdt));
        }
        System.out.println(LocalDate.parse("2021-12-31").plusDays(1) + " " + LocalDate.of(2024, 1, 31).plusMonths(1) + " "
                           + Duration.ofSeconds(3725).plusMillis(5) + " "
                           + DateTimeFormatter.ISO_WEEK_DATE.format(LocalDate.of(2021, 1, 3)));
        try {
            LocalDate.parse("2021-02-30");
        } catch (Exception e) {
            System.out.println(e.getMessage());
        }
        for (Locale l : new Locale[] { Locale.CANADA_FRENCH, new Locale("zh", "TW"), new Locale("sr", "RS") }) {
            System.out.println(l.toLanguageTag() + ": " + l.getDisplayName(Locale.US) + " / " + l.getDisplayName(l) + " / "
                               + l.getDisplayCountry(Locale.GERMAN));
        }
        System.out.println(String.format(Locale.ROOT, "%s %S", "i\u0307stanbul".toUpperCase(new Locale("tr")),
                                         "TITLE".toLowerCase(new Locale("tr"))));
    }
}
