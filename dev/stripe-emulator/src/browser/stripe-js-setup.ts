/**
 * Browser code of the stand-in Stripe.js, part 3: SetupIntents (saving a card for later charges), with the
 * same card Element as payments. Appended after part 2 inside the same closure, so it extends its `Stripe`.
 */
export const SETUP_INTENTS_JS = String.raw`
function setiIdOf(clientSecret) { return String(clientSecret || '').split('_secret_')[0]; }
function isSetupSecret(clientSecret) { return typeof clientSecret === 'string' && /^seti_\w+_secret_\w+$/.test(clientSecret); }

Stripe.prototype.retrieveSetupIntent = function (clientSecret) {
  return this._api('GET', '/v1/setup_intents/' + encodeURIComponent(setiIdOf(clientSecret)), { client_secret: clientSecret }).then(function (json) {
    return json.error ? { error: json.error } : { setupIntent: json };
  });
};

/** confirmCardSetup(clientSecret, {payment_method: pm_id | {card: element, billing_details}}): {setupIntent} or {error}. */
Stripe.prototype.confirmCardSetup = function (clientSecret, data) {
  var self = this;
  data = data || {};
  if (!isSetupSecret(clientSecret)) {
    return Promise.resolve(clientError('Invalid value for confirmCardSetup: clientSecret should be a client secret of the form seti_..._secret_....'));
  }
  var pm = data.payment_method;
  var pmPromise = pm && typeof pm === 'object'
    ? self.createPaymentMethod(Object.assign({ type: 'card' }, pm))
    : Promise.resolve({ paymentMethod: pm ? { id: pm } : null });
  return pmPromise.then(function (created) {
    if (created.error) return { error: created.error };
    var params = { client_secret: clientSecret };
    if (created.paymentMethod) params.payment_method = created.paymentMethod.id;
    return self._api('POST', '/v1/setup_intents/' + encodeURIComponent(setiIdOf(clientSecret)) + '/confirm', params).then(function (json) {
      return json.error ? { error: json.error } : { setupIntent: json };
    });
  });
};
`;
