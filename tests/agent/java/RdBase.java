// agent/Redefine: RdTarget's superclass, and a class of the same name length.
public class RdBase {
}

class RdBasf {
}
