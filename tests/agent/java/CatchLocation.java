/* Exceptions caught in the throwing method and in a caller, while agent/CatchLocation asks
 * for the current frame's location in each ExceptionCatch callback and collects there. */
public class CatchLocation {
    static void thrower(int i) {
        if (i > 0) throw new IllegalStateException("from thrower " + i);
    }

    static String caughtHere(int i) {
        try {
            if (i > 0) throw new IllegalArgumentException("here " + i);
            return "none";
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    static String caughtInCaller(int i) {
        try {
            thrower(i);
            return "none";
        } catch (IllegalStateException e) {
            return e.getMessage();
        }
    }

    public static void main(String[] args) {
        for (int i = 1; i <= 3; i++) {
            System.out.println(caughtHere(i));
            System.out.println(caughtInCaller(i));
        }
    }
}
