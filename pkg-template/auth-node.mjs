// The Node build of `magisterium-a2a/auth` as an ES module: the same instance as the CommonJS entry
// (`node.cjs`, the one bundle of the sign-in for Node), so the package carries it once.
import auth from "./node.cjs";

export const { MagisteriumAuth } = auth;
