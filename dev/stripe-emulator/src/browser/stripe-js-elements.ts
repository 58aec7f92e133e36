/**
 * Browser code of the stand-in Stripe.js, part 1: the card field. Plain ES5-ish JavaScript kept in a
 * string (served as-is, no build step). Unlike Stripe's iframe it renders real, labelled inputs into the
 * mount node, so tests and screen readers reach it like any form field.
 */
export const CARD_ELEMENT_JS = String.raw`
var BRANDS = [
  { brand: 'amex', re: /^3[47]/, len: [15], cvc: 4, groups: [4, 6, 5] },
  { brand: 'diners', re: /^3(0[0-5]|[68])/, len: [14, 16], cvc: 3, groups: [4, 6, 4] },
  { brand: 'discover', re: /^(6011|65|64[4-9])/, len: [16], cvc: 3, groups: [4, 4, 4, 4] },
  { brand: 'jcb', re: /^35/, len: [16], cvc: 3, groups: [4, 4, 4, 4] },
  { brand: 'mastercard', re: /^(5[1-5]|2[2-7])/, len: [16], cvc: 3, groups: [4, 4, 4, 4] },
  { brand: 'unionpay', re: /^62/, len: [16, 19], cvc: 3, groups: [4, 4, 4, 4, 3] },
  { brand: 'visa', re: /^4/, len: [16, 19], cvc: 3, groups: [4, 4, 4, 4, 3] }
];
function brandInfo(num) {
  for (var i = 0; i < BRANDS.length; i++) if (BRANDS[i].re.test(num)) return BRANDS[i];
  return { brand: 'unknown', len: [16], cvc: 3, groups: [4, 4, 4, 4, 3] };
}
function luhn(num) {
  var sum = 0;
  for (var i = 0; i < num.length; i++) {
    var d = +num[num.length - 1 - i];
    if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return sum % 10 === 0;
}
function digits(s) { return String(s || '').replace(/\D+/g, ''); }
function formatNumber(num) {
  var info = brandInfo(num), out = [], pos = 0;
  for (var i = 0; i < info.groups.length && pos < num.length; i++) { out.push(num.slice(pos, pos + info.groups[i])); pos += info.groups[i]; }
  return out.join(' ');
}
function formatExpiry(raw, deleting) {
  var d = digits(raw).slice(0, 4);
  if (d.length === 1 && +d > 1) d = '0' + d;
  if (d.length >= 2) return d.slice(0, 2) + (d.length > 2 || !deleting ? ' / ' + d.slice(2) : '');
  return d;
}
var FIELD_CSS = 'display:flex;flex-direction:column;gap:2px;font-size:12px;';
var INPUT_CSS = 'font:inherit;font-size:16px;padding:6px 8px;border:1px solid #8a8f98;border-radius:4px;min-width:0;width:100%;box-sizing:border-box;';

function CardElement(elements, type, options) {
  this._elements = elements; this._type = type; this._options = options || {};
  this._handlers = {}; this._node = null; this._inputs = null; this._lastError = null;
}
CardElement.prototype.on = function (event, cb) { (this._handlers[event] = this._handlers[event] || []).push(cb); return this; };
CardElement.prototype.off = function (event, cb) {
  var list = this._handlers[event] || [];
  this._handlers[event] = cb ? list.filter(function (h) { return h !== cb; }) : [];
  return this;
};
CardElement.prototype.once = function (event, cb) {
  var self = this;
  var wrapped = function (e) { self.off(event, wrapped); cb(e); };
  return this.on(event, wrapped);
};
CardElement.prototype._emit = function (event, payload) {
  var list = (this._handlers[event] || []).slice();
  for (var i = 0; i < list.length; i++) { try { list[i](payload); } catch (e) { setTimeout(function () { throw e; }); } }
};
CardElement.prototype.mount = function (target) {
  var node = typeof target === 'string' ? document.querySelector(target) : target;
  if (!node || !node.appendChild) throw new Error('IntegrationError: Missing or invalid mount target for the ' + this._type + ' Element.');
  if (this._node) this.unmount();
  this._node = node;
  var self = this, wantsZip = this._options.hidePostalCode === false;
  var box = document.createElement('div');
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', 'Credit or debit card');
  box.className = 'EmulatorCardElement';
  // In the Payment Element (as in Stripe's) the number has a row of its own, expiry and CVC share the next: no
  // part is cut short on a phone. The single-line Card Element keeps one row.
  var stacked = this._options._stacked === true;
  box.style.cssText = 'display:grid;grid-template-columns:' + (stacked ? '1fr 1fr' : wantsZip ? '2fr 1fr 1fr 1fr' : '2fr 1fr 1fr') + ';gap:8px 12px;align-items:end;';
  var specs = [
    ['number', 'Card number', 'cc-number', 'cardnumber', '1234 1234 1234 1234'],
    ['exp', 'Expiration date (MM / YY)', 'cc-exp', 'exp-date', 'MM / YY'],
    ['cvc', 'CVC', 'cc-csc', 'cvc', 'CVC']
  ];
  if (wantsZip) specs.push(['postal', 'ZIP', 'postal-code', 'postal', '12345']);
  this._inputs = {};
  specs.forEach(function (s) {
    var label = document.createElement('label');
    label.style.cssText = FIELD_CSS + (stacked && s[0] === 'number' ? 'grid-column:1 / -1;' : '');
    var text = document.createElement('span');
    text.textContent = s[1];
    var input = document.createElement('input');
    input.type = 'text'; input.name = s[3]; input.autocomplete = s[2]; input.placeholder = s[4];
    input.setAttribute('inputmode', 'numeric'); input.setAttribute('spellcheck', 'false');
    input.setAttribute('data-elements-stable-field-name', s[0] === 'number' ? 'cardNumber' : s[0] === 'exp' ? 'cardExpiry' : s[0] === 'cvc' ? 'cardCvc' : 'postalCode');
    input.style.cssText = INPUT_CSS + self._styleText();
    label.appendChild(text); label.appendChild(input); box.appendChild(label);
    self._inputs[s[0]] = input;
    input.addEventListener('input', function (e) { self._onInput(s[0], e); });
    input.addEventListener('focus', function () { node.classList.add('StripeElement--focus'); self._emit('focus', { elementType: self._type }); });
    input.addEventListener('blur', function () {
      setTimeout(function () {
        if (box.contains(document.activeElement)) return;
        node.classList.remove('StripeElement--focus');
        self._touched = true; self._fireChange();
        self._emit('blur', { elementType: self._type });
      });
    });
  });
  node.classList.add('StripeElement', 'StripeElement--empty');
  node.appendChild(box);
  this._box = box;
  this.update({ disabled: this._options.disabled });
  setTimeout(function () { self._emit('ready', self); });
};
CardElement.prototype._styleText = function () {
  var base = (this._options.style && this._options.style.base) || {};
  var css = '';
  if (base.color) css += 'color:' + base.color + ';';
  if (base.fontFamily) css += 'font-family:' + base.fontFamily + ';';
  if (base.fontSize) css += 'font-size:' + base.fontSize + ';';
  return css;
};
CardElement.prototype._onInput = function (field, e) {
  var input = this._inputs[field], deleting = e && e.inputType && e.inputType.indexOf('delete') === 0;
  if (field === 'number') {
    var num = digits(input.value), info = brandInfo(num);
    num = num.slice(0, Math.max.apply(null, info.len));
    input.value = formatNumber(num);
    if (info.len.indexOf(num.length) !== -1 && num.length === Math.max.apply(null, info.len) && luhn(num) && !deleting) this._inputs.exp.focus();
  } else if (field === 'exp') {
    input.value = formatExpiry(input.value, deleting);
    if (digits(input.value).length === 4 && !deleting && !this._validate().fields.exp) this._inputs.cvc.focus();
  } else if (field === 'cvc') {
    input.value = digits(input.value).slice(0, brandInfo(digits(this._inputs.number.value)).cvc);
    if (this._inputs.postal && input.value.length === brandInfo(digits(this._inputs.number.value)).cvc && !deleting) this._inputs.postal.focus();
  } else {
    input.value = input.value.slice(0, 10);
  }
  this._fireChange();
};
CardElement.prototype._values = function () {
  var i = this._inputs || {}, exp = digits(i.exp && i.exp.value);
  return { number: digits(i.number && i.number.value), month: exp.slice(0, 2), year: exp.slice(2, 4), cvc: digits(i.cvc && i.cvc.value), postal: i.postal ? i.postal.value.trim() : '' };
};
/** Stripe's own messages; an incomplete field only counts as an error once the user left the card field. */
CardElement.prototype._validate = function () {
  var v = this._values(), info = brandInfo(v.number), f = {}, now = new Date();
  if (!v.number) f.number = { code: 'incomplete_number', message: 'Your card number is incomplete.', incomplete: true };
  else if (info.len.indexOf(v.number.length) === -1) f.number = v.number.length > Math.min.apply(null, info.len) || !luhn(v.number) && v.number.length >= Math.min.apply(null, info.len) ? { code: 'invalid_number', message: 'Your card number is invalid.' } : { code: 'incomplete_number', message: 'Your card number is incomplete.', incomplete: true };
  else if (!luhn(v.number)) f.number = { code: 'invalid_number', message: 'Your card number is invalid.' };
  if (v.month.length < 2 || v.year.length < 2) f.exp = { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete.", incomplete: true };
  else if (+v.month < 1 || +v.month > 12) f.exp = { code: 'invalid_expiry_month', message: "Your card's expiration date is invalid." };
  else {
    var y = 2000 + +v.year, cy = now.getFullYear();
    if (y < cy) f.exp = { code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." };
    else if (y === cy && +v.month < now.getMonth() + 1) f.exp = { code: 'invalid_expiry_month_past', message: "Your card's expiration date is in the past." };
  }
  if (v.cvc.length < info.cvc) f.cvc = { code: 'incomplete_cvc', message: "Your card's security code is incomplete.", incomplete: true };
  if (this._inputs && this._inputs.postal && v.postal.length < 3) f.postal = { code: 'incomplete_zip', message: 'Your postal code is incomplete.', incomplete: true };
  var order = ['number', 'exp', 'cvc', 'postal'], first = null;
  for (var k = 0; k < order.length; k++) if (f[order[k]]) { first = f[order[k]]; break; }
  return { fields: f, first: first, complete: !first, empty: !v.number && !v.month && !v.cvc && !v.postal, brand: info.brand, values: v };
};
CardElement.prototype._fireChange = function () {
  if (!this._inputs) return;
  var r = this._validate(), touched = this._touched, inputs = this._inputs;
  var shown = r.first && (!r.first.incomplete || touched) ? { type: 'validation_error', code: r.first.code, message: r.first.message } : undefined;
  ['number', 'exp', 'cvc', 'postal'].forEach(function (k) {
    if (inputs[k]) inputs[k].setAttribute('aria-invalid', r.fields[k] && (!r.fields[k].incomplete || touched) ? 'true' : 'false');
  });
  var cl = this._node.classList;
  cl.toggle('StripeElement--empty', r.empty); cl.toggle('StripeElement--complete', r.complete); cl.toggle('StripeElement--invalid', !!shown);
  this._lastError = shown;
  this._emit('change', { elementType: this._type, empty: r.empty, complete: r.complete, error: shown, brand: r.brand, value: { postalCode: r.values.postal }, collapsed: false });
};
CardElement.prototype._cardData = function () {
  var r = this._validate();
  if (!r.complete) return { error: { type: 'validation_error', code: r.first.code, message: r.first.message } };
  var v = r.values;
  return { card: { number: v.number, exp_month: v.month, exp_year: '20' + v.year, cvc: v.cvc }, postal: v.postal };
};
CardElement.prototype.update = function (opts) {
  opts = opts || {};
  for (var k in opts) this._options[k] = opts[k];
  if (this._inputs) for (var f in this._inputs) this._inputs[f].disabled = !!this._options.disabled;
};
CardElement.prototype.focus = function () { if (this._inputs) this._inputs.number.focus(); };
CardElement.prototype.blur = function () { if (this._inputs && this._box.contains(document.activeElement)) document.activeElement.blur(); };
CardElement.prototype.clear = function () {
  if (!this._inputs) return;
  for (var f in this._inputs) this._inputs[f].value = '';
  this._touched = false; this._fireChange();
};
CardElement.prototype.unmount = function () {
  if (this._box && this._box.parentNode) this._box.parentNode.removeChild(this._box);
  if (this._node) this._node.classList.remove('StripeElement', 'StripeElement--empty', 'StripeElement--complete', 'StripeElement--invalid', 'StripeElement--focus');
  this._node = null; this._inputs = null; this._box = null;
};
CardElement.prototype.destroy = function () {
  this.unmount();
  this._destroyed = true;
  this._elements._remove(this);
};
`;
