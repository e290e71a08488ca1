import type { FastifyInstance } from 'fastify';

/**
 * What the domain services use of the app: the database, the settings, the job
 * queue, the notices, the live events, the public lists' caches, the payment
 * provider and the photo work. Routes pass their `app`.
 */
export type ServiceContext = Pick<FastifyInstance, 'db' | 'config' | 'jobs' | 'notices' | 'publishLive' | 'publicListChanged' | 'apiLog' | 'paymentProvider' | 'photoWork'>;
