/**
 * magisterium-a2a/widget — the parish widget. Importing the module (for its
 * effect: `import "magisterium-a2a/widget"`, or a `<script type="module">`)
 * defines the custom elements `<magisterium-saints>` and
 * `<magisterium-readings>` (attributes `endpoint`, `token`, `date`); it
 * exports nothing.
 */
declare global {
  interface HTMLElementTagNameMap {
    "magisterium-saints": HTMLElement;
    "magisterium-readings": HTMLElement;
  }
}

export {};
