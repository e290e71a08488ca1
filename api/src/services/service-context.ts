import type { FastifyInstance } from 'fastify';

/**
 * What the domain services use of the app: the database, the settings, the job
 * queue, the notices and the live events. Routes pass their `app`.
 */
export type ServiceContext = Pick<FastifyInstance, 'db' | 'config' | 'jobs' | 'notices' | 'publishLive' | 'apiLog'>;
