// A task's artifacts put together from a stream's chunks: by `artifactId`,
// a chunk with `append` extending the parts already received, one without
// replacing them. Bounded: past `maxChars` characters of text in all, further
// parts are dropped and the assembly says it was cut.

import { partsText } from "./text.js";

export class ArtifactAssembly {
  /** `maxChars`: the characters of parts kept, in all, before further parts are dropped. */
  constructor(maxChars) {
    this.maxChars = maxChars;
    this.byId = new Map();
    this.chars = 0;
    this.cut = false;
  }

  /** Adds an artifact (or a chunk of one, `append` true to extend it). */
  add(artifact, append) {
    if (!artifact || typeof artifact.artifactId !== "string") return;
    const held = this.byId.get(artifact.artifactId);
    if (held && !append) {
      this.chars -= held.chars;
      this.byId.delete(artifact.artifactId);
    }
    const entry = this.byId.get(artifact.artifactId) ?? { name: artifact.name, parts: [], chars: 0 };
    this.byId.set(artifact.artifactId, entry);
    for (const part of Array.isArray(artifact.parts) ? artifact.parts : []) {
      const size = partsText([part]).length;
      if (this.chars + size > this.maxChars) {
        this.cut = true;
        continue;
      }
      entry.parts.push(part);
      entry.chars += size;
      this.chars += size;
    }
  }

  /** Replaces everything with a task's complete artifacts. */
  replaceWith(artifacts) {
    this.byId.clear();
    this.chars = 0;
    for (const artifact of artifacts) this.add(artifact, false);
  }

  /** How many artifacts are held. */
  get size() {
    return this.byId.size;
  }

  /** The artifacts' text, one after another (each named when it has a name). */
  text() {
    const blocks = [];
    for (const { name, parts } of this.byId.values()) {
      const body = partsText(parts);
      blocks.push(this.byId.size > 1 && typeof name === "string" ? `${name}:\n${body}` : body);
    }
    return blocks.join("\n\n");
  }

  /** The artifacts' data parts' objects, in order. */
  data() {
    const found = [];
    for (const { parts } of this.byId.values()) {
      for (const part of parts) if (part?.kind === "data") found.push(part.data);
    }
    return found;
  }
}
