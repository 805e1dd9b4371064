import type { FilterView } from '@rr/proto';
import { useT } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { invalidate } from '../../../lib/query';
import { notify } from '../../notifications/stores/notifications.store';
import { useSession } from '../../session/stores/session.store';
import { filtersApi } from '../api/filters.api';

export const FILTERS_KEY = 'filters';

/** Disable/enable and delete, with the API's message as a notification and the list refreshed. */
export function useFilterActions() {
  const { t } = useT();
  const after = () => {
    invalidate(FILTERS_KEY);
    void useSession.getState().refresh();
  };
  const failed = (cause: unknown) => notify(cause instanceof ApiError && cause.message && cause.status < 500 ? cause.message : t('watchdog.error'), { icon: 'error' });
  return {
    toggle: async (filter: FilterView) => {
      try {
        const enable = filter.status === 'Disabled';
        await (enable ? filtersApi.enable(filter.id) : filtersApi.disable(filter.id));
        notify(t(enable ? 'watchdog.activated' : 'watchdog.deactivated'), { icon: 'success' });
        after();
      } catch (cause) {
        failed(cause);
      }
    },
    remove: async (filter: FilterView) => {
      try {
        await filtersApi.remove(filter.id);
        notify(t('watchdog.deleted'), { icon: 'success' });
        after();
        return true;
      } catch (cause) {
        failed(cause);
        return false;
      }
    },
  };
}
