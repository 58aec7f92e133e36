import { CARD_ELEMENT_JS } from './stripe-js-elements.js';
import { SETUP_INTENTS_JS } from './stripe-js-setup.js';
import { PAYMENT_ELEMENT_JS } from './stripe-js-payment-element.js';

/**
 * Browser code of the stand-in Stripe.js, part 2: `window.Stripe(publishableKey)` with Elements and the
 * confirm calls, talking to the emulator's REST API with the publishable key (as Stripe.js talks to
 * api.stripe.com). `Stripe.version = 'endive'` keeps @stripe/stripe-js from warning about a mismatch.
 */
const STRIPE_JS = String.raw`
var API_BASE = (document.currentScript && document.currentScript.src) ? new URL(document.currentScript.src).origin : '__EMULATOR_ORIGIN__';

function encode(value, prefix, out) {
  out = out || [];
  if (value === undefined) return out;
  if (value === null) { out.push(encodeURIComponent(prefix) + '='); return out; }
  if (Array.isArray(value)) { value.forEach(function (v, i) { encode(v, prefix + '[' + i + ']', out); }); return out; }
  if (typeof value === 'object') { Object.keys(value).forEach(function (k) { encode(value[k], prefix ? prefix + '[' + k + ']' : k, out); }); return out; }
  out.push(encodeURIComponent(prefix) + '=' + encodeURIComponent(String(value)));
  return out;
}

/** Endive's Stripe.js refuses paymentMethodTypes (allowedPaymentMethodTypes replaced it). */
function checkElementsOptions(options) {
  if (options && options.paymentMethodTypes) throw new Error('IntegrationError: paymentMethodTypes is not supported on this API version; use allowedPaymentMethodTypes or dynamic payment methods.');
}
function Elements(stripe, options) { checkElementsOptions(options); this._stripe = stripe; this._options = options || {}; this._byType = {}; }
Elements.prototype.create = function (type, options) {
  if (type !== 'card' && type !== 'payment') throw new Error('IntegrationError: The emulator\'s Stripe.js supports only the card and payment Elements, not ' + type + '.');
  if (this._byType[type]) throw new Error('IntegrationError: Can only create one Element of type ' + type + '.');
  var el = type === 'payment' ? new PaymentElement(this, options) : new CardElement(this, type, options);
  this._byType[type] = el;
  return el;
};
/** By type name, or by a React wrapper component (react-stripe-js marks each with __elementType). */
Elements.prototype.getElement = function (type) { return this._byType[typeof type === 'string' ? type : (type && type.__elementType) || 'card'] || null; };
Elements.prototype._remove = function (el) { if (this._byType[el._type] === el) delete this._byType[el._type]; };
// As Stripe.js: bad options throw at once; the update itself answers a promise (StripeElements.update's type).
Elements.prototype.update = function (options) { checkElementsOptions(options); for (var k in options || {}) this._options[k] = options[k]; return Promise.resolve(); };
Elements.prototype.fetchUpdates = function () { return Promise.resolve({}); };
Elements.prototype.submit = function () {
  var self = this;
  if (this._byType.payment) return this._byType.payment._submit().then(function (r) { self._submitted = !r.error; return r; });
  var el = this._byType.card;
  if (!el) return Promise.resolve({ error: { type: 'validation_error', message: 'No Element to submit.' } });
  var data = el._cardData();
  if (data.error) { el._touched = true; el._fireChange(); return Promise.resolve({ error: data.error }); }
  return Promise.resolve({});
};

function Stripe(key, options) {
  if (!(this instanceof Stripe)) return new Stripe(key, options);
  if (typeof key !== 'string' || !/^pk_(test|live)_/.test(key)) throw new Error('IntegrationError: Invalid value for Stripe(): apiKey should be a publishable key (pk_test_...). You specified: ' + key + '.');
  this._key = key; this._options = options || {};
}
Stripe.version = 'endive';
Stripe.prototype._registerWrapper = function () {};
Stripe.prototype.registerAppInfo = function () {};
Stripe.prototype.elements = function (options) { return new Elements(this, options); };
Stripe.prototype._api = function (method, path, params) {
  var body = params ? encode(params, '').join('&') : undefined;
  var url = API_BASE + path + (method === 'GET' && body ? '?' + body : '');
  return fetch(url, {
    method: method,
    headers: { Authorization: 'Bearer ' + this._key, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: method === 'GET' ? undefined : body
  }).then(function (res) { return res.json(); }, function () {
    return { error: { type: 'api_connection_error', message: 'We could not reach Stripe. Check your connection and try again.' } };
  });
};
function piIdOf(clientSecret) { return String(clientSecret || '').split('_secret_')[0]; }
function clientError(message) { return { error: { type: 'invalid_request_error', message: message } }; }

/** createPaymentMethod({type, card: element, billing_details}) or the older ('card', element, data). */
Stripe.prototype.createPaymentMethod = function (a, b, c) {
  var data = typeof a === 'string' ? Object.assign({ type: a, card: b }, c || {}) : Object.assign({}, a);
  if (data.elements && data.elements.getElement('payment')) return this._createFromPaymentElement(data.elements.getElement('payment'), data.params || {});
  if (data.elements) { data.card = data.elements.getElement('card'); delete data.elements; data.type = 'card'; }
  var card = data.card;
  if (!card || !card._cardData) return Promise.resolve(clientError('A card Element is required to create a card payment method.'));
  var cardData = card._cardData();
  if (cardData.error) { card._touched = true; card._fireChange(); return Promise.resolve({ error: cardData.error }); }
  var bd = Object.assign({}, data.billing_details || {});
  if (cardData.postal) bd.address = Object.assign({}, bd.address || {}, { postal_code: cardData.postal });
  var params = { type: 'card', card: cardData.card, billing_details: bd, metadata: data.metadata };
  return this._api('POST', '/v1/payment_methods', params).then(function (json) {
    return json.error ? { error: json.error } : { paymentMethod: json };
  });
};
Stripe.prototype._createFromPaymentElement = function (el, params) {
  var self = this;
  return el._submit().then(function (r) {
    if (r.error) return r;
    var got = el._collect();
    var data = Object.assign({}, got.data, { billing_details: mergeBilling(got.data.billing_details, params.billing_details), metadata: params.metadata });
    return self._api('POST', '/v1/payment_methods', data).then(function (json) { return json.error ? { error: json.error } : { paymentMethod: json }; });
  });
};
Stripe.prototype.createToken = function () { return Promise.resolve(clientError('Tokens are not supported by the emulator; use payment methods.')); };
Stripe.prototype.retrievePaymentIntent = function (clientSecret) {
  return this._api('GET', '/v1/payment_intents/' + encodeURIComponent(piIdOf(clientSecret)), { client_secret: clientSecret }).then(function (json) {
    return json.error ? { error: json.error } : { paymentIntent: json };
  });
};
Stripe.prototype.retrieveSetupIntent = function (clientSecret) {
  return this._api('GET', '/v1/setup_intents/' + encodeURIComponent(piIdOf(clientSecret)), { client_secret: clientSecret }).then(function (json) {
    return json.error ? { error: json.error } : { setupIntent: json };
  });
};
Stripe.prototype.handleCardAction = Stripe.prototype.retrievePaymentIntent;
Stripe.prototype.handleNextAction = function (o) { return this.retrievePaymentIntent(o && o.clientSecret); };

/** confirmCardPayment(clientSecret, {payment_method: pm_id | {card: element, billing_details}, receipt_email, setup_future_usage}) */
Stripe.prototype.confirmCardPayment = function (clientSecret, data) {
  var self = this;
  data = data || {};
  if (typeof clientSecret !== 'string' || clientSecret.indexOf('_secret_') === -1) {
    return Promise.resolve(clientError('Invalid value for confirmCardPayment: clientSecret should be a client secret of the form pi_..._secret_....'));
  }
  var pmPromise;
  var pm = data.payment_method;
  if (pm && typeof pm === 'object') pmPromise = self.createPaymentMethod(Object.assign({ type: 'card' }, pm));
  else pmPromise = Promise.resolve({ paymentMethod: pm ? { id: pm } : null });
  return pmPromise.then(function (created) {
    if (created.error) return { error: created.error };
    var params = { client_secret: clientSecret, receipt_email: data.receipt_email, setup_future_usage: data.setup_future_usage };
    if (created.paymentMethod) params.payment_method = created.paymentMethod.id;
    return self._api('POST', '/v1/payment_intents/' + encodeURIComponent(piIdOf(clientSecret)) + '/confirm', params).then(function (json) {
      if (json.error) return { error: json.error };
      return { paymentIntent: json };
    });
  });
};

/** confirmPayment({elements, clientSecret, confirmParams: {return_url, payment_method_data}, redirect}) */
Stripe.prototype.confirmPayment = function (o) {
  o = o || {};
  if (o.elements && o.elements.getElement('payment')) return o.elements.getElement('payment')._confirm('payment', o);
  var elements = o.elements, clientSecret = o.clientSecret || (elements && elements._options.clientSecret);
  var el = elements && (elements.getElement('payment') || elements.getElement('card'));
  var cp = o.confirmParams || {};
  var pmd = cp.payment_method_data || {};
  var pm = cp.payment_method || (el ? { card: el, billing_details: pmd.billing_details } : undefined);
  return this.confirmCardPayment(clientSecret, { payment_method: pm, receipt_email: cp.receipt_email, setup_future_usage: cp.setup_future_usage }).then(function (result) {
    if (result.error || o.redirect === 'if_required' || !cp.return_url) return result;
    var url = new URL(cp.return_url, window.location.href);
    url.searchParams.set('payment_intent', result.paymentIntent.id);
    url.searchParams.set('payment_intent_client_secret', clientSecret);
    url.searchParams.set('redirect_status', result.paymentIntent.status);
    window.location.assign(url.toString());
    return result;
  });
};
/** confirmSetup({elements, clientSecret?, confirmParams: {return_url, payment_method_data}, redirect}) with the Payment Element. */
Stripe.prototype.confirmSetup = function (o) {
  o = o || {};
  if (o.elements && o.elements.getElement('payment')) return o.elements.getElement('payment')._confirm('setup', o);
  return Promise.reject(new Error('IntegrationError: stripe.confirmSetup() needs the elements group of a mounted payment Element.'));
};
Stripe.prototype.paymentRequest = function () {
  return { canMakePayment: function () { return Promise.resolve(null); }, on: function () {}, off: function () {}, show: function () {}, update: function () {} };
};

window.Stripe = Stripe;
`;

/** The whole script for `GET /js/v3`; `origin` is the fallback API base when `document.currentScript` is unknown. */
export function stripeJsSource(origin: string): string {
  return `/* Stripe.js stand-in served by the local Stripe emulator (test mode only). */\n(function () {\n'use strict';\n${CARD_ELEMENT_JS}\n${PAYMENT_ELEMENT_JS}\n${STRIPE_JS.replace('__EMULATOR_ORIGIN__', origin)}\n${SETUP_INTENTS_JS}\n})();\n`;
}
