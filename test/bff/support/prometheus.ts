// The Prometheus text exposition, read the way an operator's scraper reads it. Shared by the BFF
// tests and the BFF benchmark (no test framework or server-only imports here).

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match || line.startsWith("#")) continue;
    const labels: Record<string, string> = {};
    for (const label of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[label[1]!] = label[2]!.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** Parses the Prometheus text exposition of GET /metrics. */
export async function scrape(baseUrl: string): Promise<Sample[]> {
  const response = await fetch(`${baseUrl}/metrics`);
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  return parsePrometheus(await response.text());
}

export function total(
  samples: readonly Sample[],
  name: string,
  where: (labels: Record<string, string>) => boolean = () => true,
): number {
  return samples
    .filter((sample) => sample.name === name && where(sample.labels))
    .reduce((sum, sample) => sum + sample.value, 0);
}
