export type DependencyHealth = { ok: boolean; detail?: string };

/** What every service's /health answers. */
export type ServiceHealth = {
  service: string;
  ok: boolean;
  uptimeSeconds: number;
  dependencies: { kafka?: DependencyHealth; database?: DependencyHealth; [name: string]: DependencyHealth | undefined };
  details?: Record<string, unknown>;
};

/** GET /api/health on the gateway. */
export type SystemHealth = {
  ok: boolean;
  checkedAt: string;
  services: Record<string, ServiceHealth | { service: string; ok: false; error: string }>;
};
