// The Node build of `magisterium-a2a` as an ES module: the same instance as the CommonJS entry.
import node from "./index.cjs";

export const { MagisteriumClient, MagisteriumError } = node;
export default node.default;
