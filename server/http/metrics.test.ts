import { describe, expect, it } from 'vitest';
import { MetricsRegistry } from './metrics';

describe('MetricsRegistry', () => {
  it('renders counters, gauges and histograms in the Prometheus text format', () => {
    const registry = new MetricsRegistry();
    const requests = registry.counter('requests_total', 'Requests.', ['route']);
    requests.inc({ route: '/a' });
    requests.inc({ route: '/a' }, 2);
    requests.inc({ route: 'quote"and\\slash\nline' });
    registry.gauge('jobs_in_flight', 'Jobs running.', [], () => 3);
    const latency = registry.histogram('latency_seconds', 'Latency.', ['route'], [0.1, 1]);
    latency.observe({ route: '/a' }, 0.05);
    latency.observe({ route: '/a' }, 0.5);
    latency.observe({ route: '/a' }, 5);

    expect(registry.render().split('\n')).toEqual(
      expect.arrayContaining([
        '# HELP requests_total Requests.',
        '# TYPE requests_total counter',
        'requests_total{route="/a"} 3',
        'requests_total{route="quote\\"and\\\\slash\\nline"} 1',
        '# TYPE jobs_in_flight gauge',
        'jobs_in_flight 3',
        '# TYPE latency_seconds histogram',
        'latency_seconds_bucket{route="/a",le="0.1"} 1',
        'latency_seconds_bucket{route="/a",le="1"} 2',
        'latency_seconds_bucket{route="/a",le="+Inf"} 3',
        'latency_seconds_sum{route="/a"} 5.55',
        'latency_seconds_count{route="/a"} 3',
      ]),
    );
  });

  it('returns the existing metric on re-registration and refuses a type change', () => {
    const registry = new MetricsRegistry();
    const first = registry.counter('x_total', 'X.');
    expect(registry.counter('x_total', 'X.')).toBe(first);
    expect(() => registry.gauge('x_total', 'X.')).toThrow(/already registered/);
    expect(() => registry.counter('bad name', 'B.')).toThrow(/invalid metric name/);
  });

  it('skips a failing collector instead of failing the scrape', () => {
    const registry = new MetricsRegistry();
    registry.gauge('broken', 'Broken.', [], () => {
      throw new Error('boom');
    });
    registry.gauge('fine', 'Fine.', [], () => 1);
    const text = registry.render();
    expect(text).toContain('fine 1');
    expect(text).not.toContain('broken');
  });
});
