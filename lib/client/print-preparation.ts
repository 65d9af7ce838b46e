// Printing a page whose parts draw late (a chart drawn once it is in view and the page idle): the
// print button asks every such part to get ready, waits for them, then opens the print dialog.
// The browser's own print command cannot wait, so what is not ready then is left out by the print
// stylesheet (the chart's readings are printed as a table either way).

const PREPARE_EVENT = "dashboard:prepare-print";

type Preparations = Promise<unknown>[];

/** Registers `prepare`, run when a print is asked for; returns the unregistration. */
export function onPreparePrint(prepare: () => Promise<unknown>): () => void {
  const listener = (event: Event) => {
    (event as CustomEvent<Preparations>).detail.push(prepare());
  };
  window.addEventListener(PREPARE_EVENT, listener);
  return () => window.removeEventListener(PREPARE_EVENT, listener);
}

/** Gets every registered part ready (one that fails is printed as it is), then prints. */
export async function printWhenReady(): Promise<void> {
  const preparations: Preparations = [];
  window.dispatchEvent(new CustomEvent(PREPARE_EVENT, { detail: preparations }));
  await Promise.allSettled(preparations);
  window.print();
}
