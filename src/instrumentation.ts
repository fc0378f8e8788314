import { startTracing } from './operations/tracing';

/**
 * main.ts's first import: OpenTelemetry's instrumentations patch http, express and pg only if they are
 * registered before those modules load, so tracing starts here, before anything else of the app.
 */
export const tracing = startTracing(process.env);
