// vm-options: -ea
// ReflectAssertions with assertions enabled for non-system classes (-ea): the default
// of the directives the VM hands to class loaders is then true.
public class ReflectAssertionsEa {
    public static void main(String[] args) throws Exception {
        ReflectAssertions.main(args);
    }
}
