// The Node build as an ES module: the same instance as the CommonJS entry.
import node from "./index.cjs";

export const { A2AClient, MagisteriumClient, MagisteriumError } = node;
export default node.default;
