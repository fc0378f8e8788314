// A type only: erased from the compiled file, which loads the SDK only in startTracing.
import type { Tracing } from './tracing-sdk';

export type { Tracing };

function listed(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Whether the standard OpenTelemetry variables ask for traces (spec 05 §2.2, off by default): an exporter
 * named in OTEL_TRACES_EXPORTER other than `none`, or an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) with OTEL_TRACES_EXPORTER unset; never with OTEL_SDK_DISABLED=true.
 */
export function tracingRequested(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = listed(env.OTEL_TRACES_EXPORTER);
  if (exporters.length) return exporters.some((exporter) => exporter !== 'none');
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/**
 * Starts tracing when the environment asks for it, before the modules it instruments (http, express, pg)
 * are loaded; returns null otherwise. When off, not one module of the SDK is loaded: this file imports
 * nothing at run time, and `tracing-sdk` is required only here.
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): Tracing | null {
  if (!tracingRequested(env)) return null;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sdk = require('./tracing-sdk') as typeof import('./tracing-sdk');
  return sdk.startSdk(env);
}
