/**
 * A small Prometheus registry (text exposition format 0.0.4). Other modules add their own series,
 * e.g. `metrics.gauge('jobs_in_flight', 'Routing jobs running', [], () => pool.running)`.
 * It lives on globalThis because Next bundles route handlers separately and each bundle would
 * otherwise count into its own copy.
 */
export type Labels = Record<string, string>;

interface Series {
  labels: Labels;
  value: number;
}

interface Metric {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'gauge' | 'histogram';
  render(): string[];
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function formatLabels(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  return `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

function keyOf(labelNames: readonly string[], labels: Labels): string {
  return JSON.stringify(labelNames.map((n) => labels[n] ?? ''));
}

function pick(labelNames: readonly string[], labels: Labels): Labels {
  return Object.fromEntries(labelNames.map((n) => [n, labels[n] ?? '']));
}

const metricName = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

/** What counters and gauges share: one value per label set. */
abstract class ValueMetric {
  protected readonly series = new Map<string, Series>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
  ) {}
  protected add(labels: Labels, by: number): void {
    const key = keyOf(this.labelNames, labels);
    const entry = this.series.get(key) ?? { labels: pick(this.labelNames, labels), value: 0 };
    entry.value += by;
    this.series.set(key, entry);
  }
  protected lines(series: readonly Series[]): string[] {
    return series.map((s) => `${this.name}${formatLabels(s.labels)} ${formatValue(s.value)}`);
  }
}

export class Counter extends ValueMetric implements Metric {
  readonly type = 'counter' as const;
  inc(labels: Labels = {}, by = 1): void {
    if (by < 0) throw new Error(`counter ${this.name} cannot decrease`);
    this.add(labels, by);
  }
  get(labels: Labels = {}): number {
    return this.series.get(keyOf(this.labelNames, labels))?.value ?? 0;
  }
  render(): string[] {
    return this.lines([...this.series.values()]);
  }
}

export type GaugeCollector = () => number | Series[];

export class Gauge extends ValueMetric implements Metric {
  readonly type = 'gauge' as const;
  constructor(
    name: string,
    help: string,
    labelNames: readonly string[],
    private readonly collect?: GaugeCollector,
  ) {
    super(name, help, labelNames);
  }
  set(labels: Labels, value: number): void {
    this.series.set(keyOf(this.labelNames, labels), { labels: pick(this.labelNames, labels), value });
  }
  inc(labels: Labels = {}, by = 1): void {
    this.add(labels, by);
  }
  dec(labels: Labels = {}, by = 1): void {
    this.add(labels, -by);
  }
  render(): string[] {
    if (!this.collect) return this.lines([...this.series.values()]);
    const collected = this.collect();
    return this.lines(typeof collected === 'number' ? [{ labels: {}, value: collected }] : collected);
  }
}

interface HistogramSeries {
  labels: Labels;
  counts: number[];
  sum: number;
  count: number;
}

export class Histogram implements Metric {
  readonly type = 'histogram' as const;
  private readonly series = new Map<string, HistogramSeries>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    readonly buckets: readonly number[],
  ) {}
  observe(labels: Labels, value: number): void {
    const key = keyOf(this.labelNames, labels);
    let entry = this.series.get(key);
    if (!entry) {
      entry = { labels: pick(this.labelNames, labels), counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, entry);
    }
    this.buckets.forEach((bound, i) => {
      if (value <= bound) entry.counts[i] = (entry.counts[i] ?? 0) + 1;
    });
    entry.sum += value;
    entry.count += 1;
  }
  render(): string[] {
    const lines: string[] = [];
    for (const s of this.series.values()) {
      this.buckets.forEach((bound, i) => {
        lines.push(`${this.name}_bucket${formatLabels({ ...s.labels, le: formatValue(bound) })} ${s.counts[i] ?? 0}`);
      });
      lines.push(`${this.name}_bucket${formatLabels({ ...s.labels, le: '+Inf' })} ${s.count}`);
      lines.push(`${this.name}_sum${formatLabels(s.labels)} ${formatValue(s.sum)}`);
      lines.push(`${this.name}_count${formatLabels(s.labels)} ${s.count}`);
    }
    return lines;
  }
}

export class MetricsRegistry {
  private readonly metrics = new Map<string, Metric>();

  private register<M extends Metric>(metric: M, expected: new (...args: never[]) => M): M {
    if (!metricName.test(metric.name)) throw new Error(`invalid metric name ${metric.name}`);
    const existing = this.metrics.get(metric.name);
    if (existing) {
      // Registering twice (module loaded again in another bundle or after a reload) returns the first.
      if (existing instanceof expected) return existing;
      throw new Error(`metric ${metric.name} already registered as ${existing.type}`);
    }
    this.metrics.set(metric.name, metric);
    return metric;
  }

  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    return this.register(new Counter(name, help, labelNames), Counter);
  }

  /** A gauge you set, or one computed at scrape time by `collect`. */
  gauge(name: string, help: string, labelNames: readonly string[] = [], collect?: GaugeCollector): Gauge {
    return this.register(new Gauge(name, help, labelNames, collect), Gauge);
  }

  histogram(name: string, help: string, labelNames: readonly string[], buckets: readonly number[]): Histogram {
    const sorted = [...buckets].sort((a, b) => a - b);
    return this.register(new Histogram(name, help, labelNames, sorted), Histogram);
  }

  /** The exposition text; a failing collector is skipped rather than failing the scrape. */
  render(): string {
    const out: string[] = [];
    for (const metric of this.metrics.values()) {
      let lines: string[];
      try {
        lines = metric.render();
      } catch {
        continue;
      }
      out.push(`# HELP ${metric.name} ${metric.help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`);
      out.push(`# TYPE ${metric.name} ${metric.type}`);
      out.push(...lines);
    }
    return out.join('\n') + '\n';
  }
}

const globalKey = Symbol.for('routing-booking-service.metrics');
type GlobalWithMetrics = typeof globalThis & { [globalKey]?: MetricsRegistry };

function processRegistry(): MetricsRegistry {
  const g = globalThis as GlobalWithMetrics;
  if (!g[globalKey]) {
    const registry = new MetricsRegistry();
    const startSeconds = Math.round(Date.now() / 1000 - process.uptime());
    registry.gauge(
      'process_start_time_seconds',
      'Start time of the process since unix epoch in seconds.',
      [],
      () => startSeconds,
    );
    registry.gauge(
      'process_cpu_user_seconds_total',
      'User CPU time spent in seconds.',
      [],
      () => process.cpuUsage().user / 1e6,
    );
    registry.gauge(
      'process_cpu_system_seconds_total',
      'System CPU time spent in seconds.',
      [],
      () => process.cpuUsage().system / 1e6,
    );
    registry.gauge(
      'process_resident_memory_bytes',
      'Resident memory size in bytes.',
      [],
      () => process.memoryUsage().rss,
    );
    registry.gauge('nodejs_heap_used_bytes', 'V8 heap used in bytes.', [], () => process.memoryUsage().heapUsed);
    registry.gauge('nodejs_heap_total_bytes', 'V8 heap size in bytes.', [], () => process.memoryUsage().heapTotal);
    g[globalKey] = registry;
  }
  return g[globalKey];
}

/** The process-wide registry served at /metrics. */
export const metrics: MetricsRegistry = processRegistry();

export const httpRequestsTotal = metrics.counter(
  'http_requests_total',
  'HTTP requests answered, by method, route template and status.',
  ['method', 'route', 'status'],
);

export const httpRequestDurationSeconds = metrics.histogram(
  'http_request_duration_seconds',
  'Time to answer HTTP requests, by method and route template.',
  ['method', 'route'],
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
);
