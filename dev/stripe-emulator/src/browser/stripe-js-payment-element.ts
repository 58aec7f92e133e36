/**
 * Browser code of the stand-in Stripe.js, part 3: the Payment Element. Real radio inputs choose between
 * the payment methods the intent (or the deferred-intent options) allows and the stand-in can show: card
 * (the card Element's own fields) and US bank account (account holder name, routing and account numbers,
 * entered by hand and treated as verified). Wallets and Link are not offered. Needs CardElement (part 1).
 */
export const PAYMENT_ELEMENT_JS = String.raw`
var SHOWN_TYPES = ['card', 'us_bank_account'];
var TYPE_LABELS = { card: 'Card', us_bank_account: 'US bank account' };
var peSeq = 0;

function PaymentElement(elements, options) {
  this._elements = elements; this._type = 'payment'; this._options = options || {};
  this._handlers = {}; this._node = null; this._box = null; this._card = null; this._bank = null;
  this._types = []; this._selected = null; this._touched = {}; this._uid = 'emu-pe-' + (++peSeq);
}
['on', 'off', 'once', '_emit'].forEach(function (m) { PaymentElement.prototype[m] = CardElement.prototype[m]; });

/** Which payment methods to show: the intent's payment_method_types, or what deferred-intent options allow. */
PaymentElement.prototype._loadTypes = function () {
  var elements = this._elements, o = elements._options, secret = o.clientSecret;
  if (secret) {
    var kind = secret.indexOf('seti_') === 0 ? 'setup_intents' : 'payment_intents';
    return elements._stripe._api('GET', '/v1/' + kind + '/' + encodeURIComponent(piIdOf(secret)), { client_secret: secret }).then(function (json) {
      if (json.error) throw json.error;
      return json.payment_method_types || ['card'];
    });
  }
  var types = o.allowedPaymentMethodTypes || ['card', 'link', 'us_bank_account'];
  var excluded = o.excludedPaymentMethodTypes || [];
  return Promise.resolve(types.filter(function (t) {
    return excluded.indexOf(t) === -1 && (t !== 'us_bank_account' || o.mode === 'setup' || String(o.currency || 'usd').toLowerCase() === 'usd');
  }));
};

PaymentElement.prototype.mount = function (target) {
  var node = typeof target === 'string' ? document.querySelector(target) : target;
  if (!node || !node.appendChild) throw new Error('IntegrationError: Missing or invalid mount target for the payment Element.');
  if (this._node) this.unmount();
  this._node = node;
  node.classList.add('StripeElement');
  var self = this;
  this._emit('loaderstart', { elementType: 'payment' });
  this._ready = this._loadTypes().then(function (types) {
    if (self._node !== node) return;
    self._types = types.filter(function (t) { return SHOWN_TYPES.indexOf(t) !== -1; });
    if (!self._types.length) throw { type: 'invalid_request_error', message: 'None of this intent\'s payment method types can be shown by the emulator\'s Payment Element (card, us_bank_account).' };
    self._render();
    self._emit('ready', self);
  }).catch(function (err) {
    self._emit('loaderror', { elementType: 'payment', error: err });
    throw err;
  });
  this._ready.catch(function () {});
};

PaymentElement.prototype._render = function () {
  var self = this, box = document.createElement('div');
  box.className = 'EmulatorPaymentElement';
  box.style.cssText = 'display:flex;flex-direction:column;gap:12px;';
  this._box = box; this._panels = {};
  if (this._types.length > 1) {
    var fs = document.createElement('fieldset'), legend = document.createElement('legend');
    fs.style.cssText = 'border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:8px;';
    legend.textContent = 'Payment method';
    legend.style.cssText = 'font-size:14px;font-weight:600;margin-bottom:6px;padding:0;';
    fs.appendChild(legend);
    // layout 'accordion' (Stripe's choice for narrow screens): one method a row, at the element's full width.
    var layout = this._options.layout, accordion = (layout && (layout.type || layout)) === 'accordion';
    this._types.forEach(function (t, i) {
      var label = document.createElement('label'), radio = document.createElement('input');
      label.style.cssText = 'display:flex;align-items:center;gap:8px;padding:8px 12px;border:1px solid #8a8f98;border-radius:6px;font-size:16px;cursor:pointer;flex:' + (accordion ? '1 1 100%' : '1 1 10rem') + ';';
      radio.type = 'radio'; radio.name = self._uid + '-type'; radio.value = t; radio.checked = i === 0;
      radio.addEventListener('change', function () { if (radio.checked) self._select(t, true); });
      label.appendChild(radio); label.appendChild(document.createTextNode(TYPE_LABELS[t]));
      fs.appendChild(label);
    });
    box.appendChild(fs);
  }
  this._types.forEach(function (t) {
    var panel = document.createElement('div');
    panel.setAttribute('data-payment-method', t);
    box.appendChild(panel);
    self._panels[t] = panel;
    if (t === 'card') self._mountCard(panel); else self._mountBank(panel);
  });
  this._node.appendChild(box);
  this._select(this._types[0], false);
  this.update({ disabled: this._options.disabled });
};

PaymentElement.prototype._mountCard = function (panel) {
  var self = this, host = document.createElement('div'), msg = this._message(panel, 'card');
  panel.insertBefore(host, msg);
  this._card = new CardElement(this._elements, 'card', { style: this._options.style, hidePostalCode: true, _stacked: true });
  this._card.on('change', function (e) {
    msg.textContent = e.error ? e.error.message : '';
    if (self._selected === 'card') self._fireChange();
  });
  this._card.on('focus', function () { self._emit('focus', { elementType: 'payment' }); });
  this._card.on('blur', function () { self._emit('blur', { elementType: 'payment' }); });
  this._card.mount(host);
};

/** A live message under a panel or field, tied to its inputs through aria-describedby. */
PaymentElement.prototype._message = function (parent, key) {
  var p = document.createElement('p');
  p.id = this._uid + '-' + key + '-error';
  p.setAttribute('aria-live', 'polite');
  p.style.cssText = 'margin:4px 0 0;color:#b3261e;font-size:14px;min-height:0;';
  parent.appendChild(p);
  return p;
};

PaymentElement.prototype._mountBank = function (panel) {
  var self = this, group = document.createElement('div');
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', 'US bank account');
  group.style.cssText = 'display:grid;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));gap:8px;align-items:start;';
  var wantsName = !(this._options.fields && this._options.fields.billingDetails && (this._options.fields.billingDetails === 'never' || this._options.fields.billingDetails.name === 'never'));
  var specs = [['routing', 'Routing number', 'off', '110000000'], ['account', 'Account number', 'off', '000123456789']];
  if (wantsName) specs.unshift(['name', 'Account holder name', 'name', 'Full name']);
  var defaults = (this._options.defaultValues && this._options.defaultValues.billingDetails) || {};
  this._bank = {};
  specs.forEach(function (s) {
    var label = document.createElement('label'), text = document.createElement('span'), input = document.createElement('input');
    label.style.cssText = FIELD_CSS;
    text.textContent = s[1];
    input.type = 'text'; input.name = s[0] === 'name' ? 'name' : s[0] + '_number'; input.autocomplete = s[2]; input.placeholder = s[3];
    input.setAttribute('spellcheck', 'false');
    if (s[0] !== 'name') input.setAttribute('inputmode', 'numeric');
    else if (defaults.name) input.value = defaults.name;
    input.style.cssText = INPUT_CSS;
    label.appendChild(text); label.appendChild(input);
    var cell = document.createElement('div');
    cell.appendChild(label);
    var msg = self._message(cell, s[0]);
    input.setAttribute('aria-describedby', msg.id);
    group.appendChild(cell);
    self._bank[s[0]] = { input: input, msg: msg };
    input.addEventListener('input', function () {
      if (s[0] !== 'name') input.value = digits(input.value).slice(0, s[0] === 'routing' ? 9 : 17);
      self._fireChange();
    });
    input.addEventListener('focus', function () { self._emit('focus', { elementType: 'payment' }); });
    input.addEventListener('blur', function () { self._touched[s[0]] = true; self._fireChange(); self._emit('blur', { elementType: 'payment' }); });
  });
  var typeLabel = document.createElement('label'), typeText = document.createElement('span'), select = document.createElement('select');
  typeLabel.style.cssText = FIELD_CSS; typeText.textContent = 'Account type'; select.style.cssText = INPUT_CSS;
  [['checking', 'Checking'], ['savings', 'Savings']].forEach(function (o) { var opt = document.createElement('option'); opt.value = o[0]; opt.textContent = o[1]; select.appendChild(opt); });
  typeLabel.appendChild(typeText); typeLabel.appendChild(select);
  group.appendChild(typeLabel);
  this._bank.type = { input: select };
  var mandate = document.createElement('p');
  mandate.style.cssText = 'margin:8px 0 0;font-size:14px;color:#3d4047;';
  mandate.textContent = 'By confirming, you authorize a debit of this bank account for this payment and, if you save it, for later ones, under the ACH rules. You can cancel future debits at any time.';
  panel.appendChild(group); panel.appendChild(mandate);
};

PaymentElement.prototype._select = function (type, byUser) {
  this._selected = type;
  for (var t in this._panels) this._panels[t].hidden = t !== type;
  if (byUser) this._fireChange();
};

/** Stripe's wording; an incomplete field only counts once the donor left it (or tried to pay). */
PaymentElement.prototype._validateBank = function () {
  var f = {}, b = this._bank, v = {
    name: b.name ? b.name.input.value.trim() : '', routing: b.routing.input.value, account: b.account.input.value, type: b.type.input.value
  };
  if (b.name && !v.name) f.name = { code: 'incomplete_name', message: 'Your full name is incomplete.', incomplete: true };
  if (v.routing.length < 9) f.routing = { code: 'incomplete_routing_number', message: 'Your routing number is incomplete.', incomplete: true };
  else if (!routingOk(v.routing)) f.routing = { code: 'invalid_routing_number', message: 'Your routing number is invalid.' };
  if (v.account.length < 4) f.account = { code: 'incomplete_account_number', message: 'Your account number is incomplete.', incomplete: true };
  var first = f.name || f.routing || f.account || null;
  return { fields: f, first: first, complete: !first, empty: !v.name && !v.routing && !v.account, values: v };
};
function routingOk(r) {
  var d = r.split('').map(Number);
  return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8])) % 10 === 0;
}

PaymentElement.prototype._fireChange = function () {
  if (!this._box) return;
  var complete, empty, error;
  if (this._selected === 'card') {
    var c = this._card._validate();
    complete = c.complete; empty = c.empty; error = this._card._lastError;
  } else {
    var r = this._validateBank(), touched = this._touched, b = this._bank;
    ['name', 'routing', 'account'].forEach(function (k) {
      if (!b[k]) return;
      var fe = r.fields[k], shown = fe && (!fe.incomplete || touched[k]);
      b[k].input.setAttribute('aria-invalid', shown ? 'true' : 'false');
      b[k].input.style.borderColor = shown ? '#b3261e' : '#8a8f98';
      b[k].msg.textContent = shown ? fe.message : '';
    });
    complete = r.complete; empty = r.empty;
  }
  this._emit('change', { elementType: 'payment', complete: complete, empty: empty, collapsed: false, error: error, value: { type: this._selected } });
};

/** What confirm sends as payment_method_data (and whether a mandate is due), or the validation error to show. */
PaymentElement.prototype._collect = function () {
  if (this._selected === 'card') {
    var data = this._card._cardData();
    if (data.error) { this._card._touched = true; this._card._fireChange(); return { error: data.error }; }
    return { data: { type: 'card', card: data.card, billing_details: data.postal ? { address: { postal_code: data.postal } } : {} } };
  }
  var r = this._validateBank();
  if (!r.complete) {
    this._touched = { name: true, routing: true, account: true };
    this._fireChange();
    return { error: { type: 'validation_error', code: r.first.code, message: r.first.message } };
  }
  var v = r.values;
  return {
    mandate: true,
    data: {
      type: 'us_bank_account', billing_details: v.name ? { name: v.name } : {},
      us_bank_account: { routing_number: v.routing, account_number: v.account, account_holder_type: 'individual', account_type: v.type }
    }
  };
};

function mergeBilling(collected, given) {
  var out = Object.assign({}, given || {}, collected || {});
  if ((given && given.address) || (collected && collected.address)) out.address = Object.assign({}, (given && given.address) || {}, (collected && collected.address) || {});
  return out;
}

/**
 * confirmPayment / confirmSetup with this element: validation first, then one confirm call carrying
 * payment_method_data (and a mandate accepted online for a bank account), as Stripe.js sends it.
 */
PaymentElement.prototype._confirm = function (kind, o) {
  var self = this, elements = this._elements, cp = o.confirmParams || {};
  var secret = o.clientSecret || elements._options.clientSecret;
  var fn = kind === 'setup' ? 'confirmSetup' : 'confirmPayment';
  if (!secret) return Promise.reject(new Error('IntegrationError: stripe.' + fn + '(): a clientSecret is required when the Elements group was created without one.'));
  if (!elements._options.clientSecret && !elements._submitted) {
    return Promise.reject(new Error('IntegrationError: elements.submit() must be called before stripe.' + fn + '(). Call elements.submit() as soon as your customer presses pay, prior to any asynchronous work.'));
  }
  if (o.redirect !== 'if_required' && !cp.return_url) {
    return Promise.reject(new Error('IntegrationError: stripe.' + fn + '(): the \x60confirmParams.return_url\x60 argument is required unless passing \x60redirect: \'if_required\'\x60'));
  }
  return (this._ready || Promise.reject(new Error('IntegrationError: The payment Element is not mounted.'))).then(function () {
    var got = self._collect();
    if (got.error) return { error: got.error };
    var pmd = cp.payment_method_data || {};
    var data = Object.assign({}, got.data, { billing_details: mergeBilling(got.data.billing_details, pmd.billing_details), metadata: pmd.metadata });
    var params = { client_secret: secret, payment_method_data: data, return_url: cp.return_url };
    if (kind === 'payment') { params.receipt_email = cp.receipt_email; params.shipping = cp.shipping; params.setup_future_usage = cp.setup_future_usage; }
    if (got.mandate) params.mandate_data = { customer_acceptance: { type: 'online', online: { infer_from_client: true } } };
    var path = '/v1/' + (kind === 'setup' ? 'setup_intents/' : 'payment_intents/') + encodeURIComponent(piIdOf(secret)) + '/confirm';
    return elements._stripe._api('POST', path, params).then(function (json) {
      if (json.error) return { error: json.error };
      var key = kind === 'setup' ? 'setupIntent' : 'paymentIntent', result = {};
      result[key] = json;
      if (o.redirect === 'if_required') return result;
      var url = new URL(cp.return_url, window.location.href), prefix = kind === 'setup' ? 'setup_intent' : 'payment_intent';
      url.searchParams.set(prefix, json.id);
      url.searchParams.set(prefix + '_client_secret', secret);
      url.searchParams.set('redirect_status', json.status);
      window.location.assign(url.toString());
      return result;
    });
  });
};

/** elements.submit(): checks the fields before the app creates its intent (deferred-intent flow). */
PaymentElement.prototype._submit = function () {
  var self = this;
  return (this._ready || Promise.resolve()).then(function () {
    var got = self._collect();
    return got.error ? { error: got.error } : {};
  });
};

PaymentElement.prototype.update = function (opts) {
  opts = opts || {};
  for (var k in opts) this._options[k] = opts[k];
  var off = !!this._options.disabled;
  if (this._box) Array.prototype.forEach.call(this._box.querySelectorAll('input,select'), function (i) { i.disabled = off; });
};
/** Like Stripe's, focus goes to the chosen method's first field (the one that needs filling in). */
PaymentElement.prototype.focus = function () {
  var panel = this._panels && this._panels[this._selected];
  var first = panel && panel.querySelector('input,select');
  if (first) first.focus();
};
PaymentElement.prototype.blur = function () { if (this._box && this._box.contains(document.activeElement)) document.activeElement.blur(); };
PaymentElement.prototype.collapse = function () { return this; };
PaymentElement.prototype.clear = function () {
  if (this._card) this._card.clear();
  for (var k in this._bank || {}) if (this._bank[k].input.tagName === 'INPUT') this._bank[k].input.value = '';
  this._touched = {}; this._fireChange();
};
PaymentElement.prototype.unmount = function () {
  if (this._card) this._card.unmount();
  if (this._box && this._box.parentNode) this._box.parentNode.removeChild(this._box);
  if (this._node) this._node.classList.remove('StripeElement');
  this._node = null; this._box = null; this._card = null; this._bank = null; this._ready = null;
};
PaymentElement.prototype.destroy = function () { this.unmount(); this._destroyed = true; this._elements._remove(this); };
`;
