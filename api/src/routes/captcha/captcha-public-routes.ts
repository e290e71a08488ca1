import type { FastifyInstance } from 'fastify';
import { createCaptchaChallenge } from '../../services/captcha';

export default async function captchaPublicRoutes(app: FastifyInstance) {
  app.get('/api/captcha/challenge', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: await createCaptchaChallenge(app.config.captcha) };
  });
}
