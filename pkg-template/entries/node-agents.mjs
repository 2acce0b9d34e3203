// The Node build of `magisterium-a2a/agents` as an ES module: the same instance as its CommonJS entry.
import node from "./agents.cjs";

export const { A2AClient, MagisteriumError } = node;
export default node.default;
