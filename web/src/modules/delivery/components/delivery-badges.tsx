import type { FilterView } from '@rr/proto';
import { useDeliveryT } from '../delivery.copy';

/** On a watchdog's card: whether its alerts come in a digest, and with how many people it is shared. */
export function DeliveryBadges({ filter }: { filter: FilterView }) {
  const td = useDeliveryT();
  return (
    <>
      {filter.deliveryMode === 'digest' && <span className="badge" data-testid="badge-digest">{td('delivery.mode.digest')}</span>}
      {(filter.memberCount ?? 0) > 0 && <span className="badge" data-testid="badge-shared">{td('share.badge', { n: filter.memberCount ?? 0 })}</span>}
    </>
  );
}
