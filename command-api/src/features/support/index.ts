import { defineCommandFeature } from '../../shared/feature.ts';
import { chatbotKnowledgeRoutes } from './chatbotKnowledge.ts';
import { supportRoutes } from './routes.ts';
import { seedKnowledgeBase } from './seedKnowledgeBase.ts';

export const supportFeature = defineCommandFeature({
  name: 'support',
  routes: (deps) => [supportRoutes(deps), chatbotKnowledgeRoutes(deps)],
  seed: (deps) => seedKnowledgeBase(deps.store, deps.clock, deps.newId),
});
