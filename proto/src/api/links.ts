/**
 * Links in e-mails about a watchdog, built in one place for the account service and the
 * notifier. The token is `watchdogLinkToken(secret, id)` from `@rr/proto/node`
 * (node-only, kept out of this browser-safe index).
 */
export function watchdogLinks(publicUrl: string, watchdogId: string, token: string) {
  const base = publicUrl.replace(/\/$/, '');
  const id = encodeURIComponent(watchdogId);
  const t = encodeURIComponent(token);
  return {
    /** Edit from an e-mail: the web asks to log in first (spec: emailId, filterId). */
    edit: (emailId: string) => `${base}/moje-filtry/${id}?filterId=${id}&emailId=${encodeURIComponent(emailId)}`,
    /** GET prolongs for another lifetime and redirects to the landing page. */
    prolong: `${base}/api/filters/${id}/prolong?token=${t}`,
    /** The landing page that asks the API to unsubscribe (a GET must not change anything: mail scanners follow links). */
    unsubscribePage: `${base}/lp-unsubscribe/${id}?token=${t}`,
    /** RFC 8058 one-click target for `List-Unsubscribe` + `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. */
    unsubscribeOneClick: `${base}/api/filters/${id}/unsubscribe?token=${t}`,
  };
}

/** An invitee's links for a shared watchdog: the page that asks to leave, and the one-click target. */
export function memberLinks(publicUrl: string, watchdogId: string, email: string, token: string) {
  const base = publicUrl.replace(/\/$/, '');
  const query = `email=${encodeURIComponent(email.toLowerCase())}&token=${encodeURIComponent(token)}`;
  const id = encodeURIComponent(watchdogId);
  return {
    /** The web page that explains and leaves on a click (a GET changes nothing: mail scanners follow links). */
    leavePage: `${base}/lp-leave/${id}?${query}`,
    /** RFC 8058 one-click target for `List-Unsubscribe`. */
    leaveOneClick: `${base}/api/filters/${id}/members/leave?${query}`,
  };
}
