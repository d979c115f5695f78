import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.Array;
import java.util.List;

/* Calls the VM entry points whose objects HotSpot reports by VMObjectAlloc, each once on a
 * class of its own, while the agent (agent/VmAllocSet) records the classes of the
 * VMObjectAlloc events of the main thread. */
public class VmAllocSet {
    static native void begin();
    static native void end(String what);

    @Retention(RetentionPolicy.RUNTIME) @interface Mark { String vmAllocSetLabel(); }

    interface ProbeFace {}
    static class FieldProbe { int vmAllocSetAlpha; List<String> vmAllocSetBeta; }
    static class MethodProbe { void vmAllocSetGamma(int a, String b) throws Exception {} }
    static class CtorProbe { CtorProbe(long vmAllocSetDelta) {} }
    static class FaceProbe implements ProbeFace, Runnable { public void run() {} }
    static class NestProbe { static class Inner {} class Inner2 {} }
    static class GenericProbe<T extends Number> implements Comparable<GenericProbe<T>> {
        public int compareTo(GenericProbe<T> o) { return 0; }
    }
    record RecordProbe(int vmAllocSetEpsilon, String vmAllocSetZeta) {}
    @Mark(vmAllocSetLabel = "vmAllocSetEta") static class AnnotatedProbe {}
    static class ContextProbe extends SecurityManager { Class<?>[] context() { return getClassContext(); } }

    static Object enclosed() {
        class Local {}
        return new Local();
    }

    public static void main(String[] args) throws Exception {
        begin(); FieldProbe.class.getDeclaredFields(); end("getDeclaredFields");
        begin(); MethodProbe.class.getDeclaredMethods(); end("getDeclaredMethods");
        begin(); CtorProbe.class.getDeclaredConstructors(); end("getDeclaredConstructors");
        begin(); FaceProbe.class.getInterfaces(); end("getInterfaces");
        begin(); NestProbe.class.getDeclaredClasses(); end("getDeclaredClasses");
        begin(); NestProbe.class.getNestMembers(); end("getNestMembers");
        Class<?> g = GenericProbe.class;
        begin(); g.getGenericInterfaces(); end("getGenericInterfaces");
        Class<?> local = enclosed().getClass();
        begin(); local.getEnclosingMethod(); end("getEnclosingMethod");
        begin(); RecordProbe.class.getRecordComponents(); end("getRecordComponents");
        begin(); AnnotatedProbe.class.getAnnotation(Mark.class); end("getAnnotation");
        Object a = new int[] { 7 };
        begin(); Array.get(a, 0); end("Array.get");
        ContextProbe cp = new ContextProbe();
        begin(); cp.context(); end("getClassContext");
        Object o = new Object[] { "x" };
        begin(); ((Object[]) o).clone(); end("clone");
        begin(); Array.newInstance(String.class, 3); end("Array.newInstance");
        begin(); CtorProbe.class.getDeclaredConstructor(long.class).newInstance(5L); end("Constructor.newInstance");
        begin(); Thread.currentThread().getStackTrace(); end("getStackTrace");
        System.out.println("done");
    }
}
