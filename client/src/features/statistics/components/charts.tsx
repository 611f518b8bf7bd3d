/**
 * The @nivo charts of statistics and the dashboard, each with its loading and empty state. Only
 * the statistics and dashboard screens import this file, and they are lazy routes, so nivo loads
 * with them and weighs on no other page.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ResponsiveBar } from '@nivo/bar';
import { ResponsiveLine } from '@nivo/line';
import { ResponsivePie } from '@nivo/pie';
import { inLanguageDigits } from '../../../lib/dicom-format.ts';
import { CHART_PALETTE, PIE_RERENDER_MS } from '../chart-data.ts';

type Format = (value: number) => string;

/** A period on the time axis (2026-11-26, 2026-11, 2026) in the interface language's digits. */
const period = (value: string | number) => inLanguageDigits(String(value));

const THEME = { text: { fontSize: 12, fill: 'var(--text, #1f2933)' }, axis: { ticks: { text: { fontSize: 11 } } } };

/** A cap line (spec 3 §2), or nothing. */
function capMarkers(cap: number | null, label: string) {
  if (cap === null) return [];
  return [
    {
      axis: 'y' as const,
      value: cap,
      legend: label,
      legendPosition: 'top-left' as const,
      lineStyle: { stroke: '#c62828', strokeWidth: 2, strokeDasharray: '6 4' },
      textStyle: { fill: '#c62828', fontSize: 11 },
    },
  ];
}

/** Loading, empty, or the chart. */
export function ChartFrame({ loading, empty, label, children }: { loading: boolean; empty: boolean; label: string; children: ReactNode }) {
  if (loading)
    return (
      <div className="stats-chart stats-chart-state" role="status" aria-busy="true">
        <FormattedMessage id="common.loading" />
      </div>
    );
  if (empty)
    return (
      <div className="stats-chart stats-chart-state" role="status">
        <FormattedMessage id="statistics.empty" />
      </div>
    );
  return (
    <div className="stats-chart" role="img" aria-label={label}>
      {children}
    </div>
  );
}

export interface BarChartProps {
  data: Record<string, string | number>[];
  keys: string[];
  format: Format;
  stacked?: boolean;
  cap?: number | null;
  capLabel?: string;
  /** Legend names of the keys, when they are not shown as they are. */
  names?: Record<string, string>;
  horizontal?: boolean;
  /** Whole numbers (counts): the value axis ticks at integers only. */
  integer?: boolean;
}

/** Whether the window is phone-narrow: axis labels are then turned to fit. */
const narrow = (): boolean => typeof window !== 'undefined' && window.matchMedia('(max-width: 640px)').matches;

/** Ticks of a value axis: integers up to the largest value when counting small numbers, else 5 ticks. */
function valueTicks(max: number, integer: boolean): number | number[] {
  if (!integer || max > 8) return 5;
  return Array.from({ length: Math.max(1, Math.ceil(max)) + 1 }, (_, index) => index);
}

/** Bars per period (indexed by `Date`), stacked or grouped, colours from the palette. */
export function BarChart({
  data,
  keys,
  format,
  stacked = false,
  cap = null,
  capLabel = '',
  names = {},
  horizontal = false,
  integer = false,
}: BarChartProps) {
  const many = data.length > 12 || (narrow() && data.length > 4);
  const values = data.map((bar) => keys.map((key) => Number(bar[key] ?? 0)));
  const max = Math.max(0, cap ?? 0, ...values.map((row) => (stacked ? row.reduce((a, b) => a + b, 0) : Math.max(0, ...row))));
  const ticks = valueTicks(max, integer);
  return (
    <ResponsiveBar
      data={data}
      keys={keys}
      indexBy="Date"
      layout={horizontal ? 'horizontal' : 'vertical'}
      groupMode={stacked ? 'stacked' : 'grouped'}
      margin={{ top: keys.length > 1 ? 36 : 24, right: 16, bottom: many ? 64 : 48, left: horizontal ? 96 : 72 }}
      padding={0.25}
      // A cap above every bar must still be inside the chart.
      valueScale={{ type: 'linear', min: 0, max: cap !== null ? max * 1.1 : 'auto' }}
      colors={(bar) => CHART_PALETTE[keys.indexOf(String(bar.id)) % CHART_PALETTE.length]!}
      valueFormat={format}
      enableLabel={false}
      axisLeft={horizontal ? {} : { format: (value: number) => format(value), tickValues: ticks }}
      axisBottom={
        horizontal ? { format: (value: number) => format(value), tickValues: ticks } : { format: period, tickRotation: many ? -45 : 0 }
      }
      {...(horizontal ? { gridXValues: ticks } : { gridYValues: ticks })}
      markers={capMarkers(cap, capLabel)}
      legendLabel={(datum) => names[String(datum.id)] ?? String(datum.id)}
      legends={
        keys.length > 1
          ? [{ dataFrom: 'keys', anchor: 'top-right', direction: 'row', itemWidth: 90, itemHeight: 16, translateY: -30, itemsSpacing: 4 }]
          : []
      }
      isFocusable
      barAriaLabel={(bar) => `${names[String(bar.id)] ?? bar.id} ${bar.indexValue}: ${format(bar.value ?? 0)}`}
      theme={THEME}
      animate={false}
    />
  );
}

export interface LineChartProps {
  series: { id: string; data: { x: string; y: number }[] }[];
  format: Format;
  cap?: number | null;
  capLabel?: string;
}

/** Lines over the periods (a level such as capacity), colours from the palette. */
export function LineChart({ series, format, cap = null, capLabel = '' }: LineChartProps) {
  const points = series[0]?.data.length ?? 0;
  const many = points > 12 || (narrow() && points > 4);
  const max = Math.max(0, ...series.flatMap((line) => line.data.map((point) => point.y)), cap ?? 0);
  return (
    <ResponsiveLine
      data={series}
      margin={{ top: 24, right: 24, bottom: many ? 64 : 48, left: 80 }}
      xScale={{ type: 'point' }}
      yScale={{ type: 'linear', min: 0, max: max > 0 ? max * 1.1 : 1 }}
      colors={CHART_PALETTE as string[]}
      axisLeft={{ format: (value: number) => format(value), tickValues: 5 }}
      axisBottom={{ format: period, tickRotation: many ? -45 : 0 }}
      gridYValues={5}
      pointSize={6}
      enableArea
      areaOpacity={0.12}
      yFormat={(value) => format(Number(value))}
      markers={capMarkers(cap, capLabel)}
      useMesh
      theme={THEME}
      animate={false}
    />
  );
}

export interface Slice {
  id: string;
  label: string;
  value: number;
  color: string;
}

/** A pie, drawn again 1 s after it first shows (spec 3 §9), once its box has its final size. */
export function PieChart({ slices, format }: { slices: Slice[]; format: Format }) {
  const [round, setRound] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setRound((value) => value + 1), PIE_RERENDER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <ResponsivePie
      key={round}
      data={slices}
      margin={{ top: 24, right: 24, bottom: 24, left: 24 }}
      innerRadius={0.5}
      padAngle={1}
      cornerRadius={3}
      colors={{ datum: 'data.color' }}
      valueFormat={format}
      arcLinkLabelsSkipAngle={8}
      arcLabelsSkipAngle={12}
      arcLinkLabelsColor={{ from: 'color' }}
      theme={THEME}
      animate={false}
    />
  );
}
