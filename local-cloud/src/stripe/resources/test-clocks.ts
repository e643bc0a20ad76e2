// Test clocks: time frozen for the customers attached to one; advancing it renews the subscriptions of the
// customers attached to it, period by period.
import { integer, text } from '../params';
import type { BillingContext, RequestScope } from '../stripe-context';
import { invalidRequest, missingParam } from '../stripe-errors';
import { newId, unixNow, type StripeObject } from '../stripe-store';
import type { Subscriptions } from './subscriptions';

export function registerTestClocks(
  { store, emit, mustGet, route, retrieve, listResponse }: BillingContext,
  { renewUntil }: Subscriptions,
): void {
  function advanceClock(scope: RequestScope, { id }: Record<string, string>): StripeObject {
    const clock = mustGet(id!, 'test_helpers.test_clock');
    const frozenTime = integer(scope.params, 'frozen_time');
    if (frozenTime === undefined) throw missingParam('frozen_time');
    if (frozenTime <= (clock.frozen_time as number)) {
      throw invalidRequest(
        'The test clock can only be advanced to a time later than its current frozen time.',
        'frozen_time',
      );
    }
    clock.status = 'advancing';
    emit('test_helpers.test_clock.advancing', clock);
    clock.frozen_time = frozenTime;
    const customers = new Set(
      store
        .list('customer')
        .filter((customer) => customer.test_clock === clock.id)
        .map((customer) => customer.id),
    );
    for (const subscription of store.list('subscription')) {
      if (customers.has(subscription.customer as string)) renewUntil(subscription, frozenTime);
    }
    clock.status = 'ready';
    store.changed();
    emit('test_helpers.test_clock.ready', clock);
    return clock;
  }

  route('POST', '/v1/test_helpers/test_clocks', ({ params }) => {
    const frozenTime = integer(params, 'frozen_time');
    if (frozenTime === undefined) throw missingParam('frozen_time');
    const clock = store.put({
      id: newId('clock'),
      object: 'test_helpers.test_clock',
      created: unixNow(),
      livemode: false,
      frozen_time: frozenTime,
      name: text(params, 'name') ?? null,
      status: 'ready',
      status_details: {},
      deletes_after: unixNow() + 30 * 86_400,
    });
    store.changed();
    emit('test_helpers.test_clock.created', clock);
    return clock;
  });
  route('GET', '/v1/test_helpers/test_clocks', ({ params }) =>
    listResponse('/v1/test_helpers/test_clocks', store.list('test_helpers.test_clock'), params),
  );
  route('GET', '/v1/test_helpers/test_clocks/:id', retrieve('test_helpers.test_clock'));
  route('DELETE', '/v1/test_helpers/test_clocks/:id', (_scope, { id }) => {
    const clock = mustGet(id!, 'test_helpers.test_clock');
    delete store.state.objects[clock.id];
    store.changed();
    return { id: clock.id, object: 'test_helpers.test_clock', deleted: true };
  });
  route('POST', '/v1/test_helpers/test_clocks/:id/advance', advanceClock);
}
