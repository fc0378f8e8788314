import { adminTokenFile } from './access/admin-token.service';
import type { RunningApp } from './app.factory';
import { AppConfig, MEMORY_DATA_DIR } from './config/app-config';

/**
 * What `npm start` prints once listening. The admin token itself only on the embedded database outside
 * production (a local trial); otherwise the banner says where it is kept or how to set it, never the token.
 */
export function startupBanner(config: AppConfig, running: Pick<RunningApp, 'adminToken' | 'demo' | 'runtime'>, base: string): string {
  const embedded = running.runtime.isEmbedded;
  const lines = [
    '',
    `  Workforce Planning API on ${base}`,
    `  Swagger UI:    ${base}/docs   (OpenAPI: ${base}/docs/openapi.json)`,
    `  Database:      ${embedded ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  const tcp = running.runtime.embeddedTcp;
  if (tcp) lines.push(`  Database port: 127.0.0.1:${tcp.port}, user postgres, password in ${tcp.passwordFile} (EMBEDDED_DB_PORT)`);
  if (!config.adminToken) {
    if (embedded && !config.isProduction) lines.push(`  Admin token:   ${running.adminToken}   (application API at ${base}/admin/v1)`);
    else if (config.dataDir.startsWith(MEMORY_DATA_DIR))
      lines.push('  Admin token:   generated for this run and not shown; set ADMIN_TOKEN to choose it');
    else lines.push(`  Admin token:   kept in ${adminTokenFile(config)} (not shown); set ADMIN_TOKEN to choose it`);
  }
  if (running.demo) {
    lines.push(
      `  Demo org:      ${running.demo.organizationId}   (README, "Demo data")`,
      `  Demo API key:  ${running.demo.apiKey}   (shown once)`,
      `  Try:           curl -H "Authorization: Bearer ${running.demo.apiKey}" ${base}/api/v1/org/${running.demo.organizationId}/forecast?groupBy=team`,
    );
  }
  return lines.join('\n') + '\n\n';
}
