import type { BindInWhenOnFluentSyntax, Container, ServiceIdentifier } from 'inversify';
import type { Service } from '../runtime/service.js';

/**
 * Binds `token` to instances of `service`, built from the dependencies it lists: the decorator-free
 * form of `container.bind(token).to(service)`, for the engine's own services (ConsoleLogger,
 * MemoryJournal, KyHttpClientFactory, …) in a container of yours.
 */
export function bindService<T>(
  container: Container,
  token: ServiceIdentifier<T>,
  service: Service<T>,
): BindInWhenOnFluentSyntax<T> {
  return container
    .bind<T>(token)
    .toResolvedValue((...args: never[]) => new service(...args), [...service.dependencies]);
}
