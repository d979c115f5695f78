// Method handles of many parameters: asType of a varargs collector to 100..254 generic
// parameters makes a LambdaForm whose generated method has that many; the VM resolves
// the MemberName by a descriptor of up to 255 class names (over 4 KB: Loupe once cut it
// at 4096 bytes and failed from 224 parameters on).  255 is refused by the JDK itself.
import java.lang.invoke.*;
import java.util.*;

public class MethodHandleArity {
    public static void main(String[] args) throws Throwable {
        MethodHandle asList = MethodHandles.lookup().findStatic(Arrays.class, "asList",
                MethodType.methodType(List.class, Object[].class));
        for (int n : new int[] { 100, 223, 224, 240, 254, 255 }) {
            try {
                MethodHandle h = asList.asType(MethodType.genericMethodType(n));
                Object[] a = new Object[n];
                Arrays.fill(a, "x");
                List<?> l = (List<?>) h.invokeWithArguments(a);
                System.out.println(n + ": " + h.type().parameterCount() + " parameters, a list of " + l.size());
            } catch (Throwable e) {
                System.out.println(n + ": " + e + (e.getCause() != null ? " caused by " + e.getCause() : ""));
            }
        }
        MethodHandle wide = MethodHandles.identity(String.class);
        for (int i = 0; i < 250; i++) wide = MethodHandles.dropArguments(wide, 1, String.class);
        System.out.println("dropArguments: " + wide.type().parameterCount() + " parameters");
    }
}
