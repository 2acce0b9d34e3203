// `using` a client (TypeScript 5.2 and later), with the target's default `lib`
// (the matrix's "using" configs: the package declares `Disposable`) and with
// `esnext.disposable` in `lib` (its "disposable" configs), copied to
// `generated/disposable.mts` and `.cts` like consumer.ts.
import { MagisteriumClient } from "magisterium-a2a";
import { A2AClient } from "magisterium-a2a/agents";

export function scoped(): string[] {
  using client = new MagisteriumClient();
  using agent = new A2AClient({ endpoint: "https://agent.example/a2a" });
  const disposable: Disposable = client;
  return [client.endpoint, agent.dialect, typeof disposable];
}
