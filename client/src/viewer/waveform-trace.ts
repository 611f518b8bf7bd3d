/**
 * The geometry of a waveform trace on ECG paper (kept apart from the dcmjs reader in
 * non-image.ts, so drawing needs no parser).
 */

export interface WaveformChannel {
  label: string;
  /** The unit's code (UCUM, e.g. `uV`, `mV`, `mmHg`), '' when unknown. */
  unit: string;
  /** Samples in `unit`: stored value × sensitivity × correction + baseline. */
  values: Float32Array;
}

/** ECG paper: 25 mm per second, 10 mm per millivolt. */
export const ECG_MM_PER_SECOND = 25;
export const ECG_MM_PER_MILLIVOLT = 10;

const MILLIVOLTS_PER: Record<string, number> = { uV: 0.001, mV: 1, V: 1000 };

/**
 * One channel as an SVG polyline in millimetres of ECG paper: x from the sampling frequency,
 * y from the values in millivolts (up is positive), 0 mV at y = 0. Channels in other units
 * (pressure, respiration) are fitted into `heightMm`. Each 0.2 mm column keeps its lowest and
 * highest sample, so spikes survive and the line stays a few thousand points long.
 */
export function tracePoints(channel: WaveformChannel, samplingFrequency: number, heightMm: number): string {
  const { values } = channel;
  if (!values.length) return '';
  const perMillivolt = MILLIVOLTS_PER[channel.unit];
  let scale: number;
  let offset = 0;
  if (perMillivolt !== undefined) {
    scale = perMillivolt * ECG_MM_PER_MILLIVOLT;
  } else {
    let low = Infinity;
    let high = -Infinity;
    for (const value of values) {
      low = Math.min(low, value);
      high = Math.max(high, value);
    }
    scale = high > low ? (heightMm * 0.8) / (high - low) : 1;
    offset = (high + low) / 2;
  }
  const mmPerSample = ECG_MM_PER_SECOND / samplingFrequency;
  const column = Math.max(1, Math.round(0.2 / mmPerSample));
  const points: string[] = [];
  const y = (value: number) => (-(value - offset) * scale).toFixed(2);
  for (let start = 0; start < values.length; start += column) {
    const end = Math.min(values.length, start + column);
    let lowAt = start;
    let highAt = start;
    for (let at = start; at < end; at++) {
      if (values[at]! < values[lowAt]!) lowAt = at;
      if (values[at]! > values[highAt]!) highAt = at;
    }
    // In time order, so the line does not double back.
    for (const at of lowAt <= highAt ? [lowAt, highAt] : [highAt, lowAt]) {
      points.push(`${(at * mmPerSample).toFixed(2)},${y(values[at]!)}`);
      if (lowAt === highAt) break;
    }
  }
  return points.join(' ');
}
