// What the passkey scripts share (passkey-sign-in.js, passkey-factor.js, passkey-enrol.js):
// base64url to bytes and back, the WebAuthn JSON form of a credential, and the button on a
// form that carries its options in data-options. base.html loads it before every page's own
// script, so each of them finds window.IdentityWebAuthn; it does nothing by itself.
"use strict";
window.IdentityWebAuthn = (function () {
  function toBuffer(text) {
    var base64 = text.replace(/-/g, "+").replace(/_/g, "/");
    while (base64.length % 4) { base64 += "="; }
    var binary = atob(base64);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) { bytes[i] = binary.charCodeAt(i); }
    return bytes.buffer;
  }

  function toText(buffer) {
    if (!buffer) { return null; }
    var bytes = new Uint8Array(buffer);
    var binary = "";
    for (var i = 0; i < bytes.length; i++) { binary += String.fromCharCode(bytes[i]); }
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  // The request options of navigator.credentials.get, from their JSON form.
  function requestOptions(json) {
    var options = Object.assign({}, json);
    options.challenge = toBuffer(json.challenge);
    options.allowCredentials = (json.allowCredentials || []).map(function (c) {
      return Object.assign({}, c, { id: toBuffer(c.id) });
    });
    return options;
  }

  // The creation options of navigator.credentials.create, from their JSON form.
  function creationOptions(json) {
    var options = Object.assign({}, json);
    options.challenge = toBuffer(json.challenge);
    options.user = Object.assign({}, json.user, { id: toBuffer(json.user.id) });
    options.excludeCredentials = (json.excludeCredentials || []).map(function (c) {
      return Object.assign({}, c, { id: toBuffer(c.id) });
    });
    return options;
  }

  // The JSON form of a credential the browser answered with; response holds the fields of its
  // kind (an attestation's or an assertion's).
  function credentialJson(credential, response) {
    return {
      id: credential.id,
      rawId: toText(credential.rawId),
      type: credential.type,
      authenticatorAttachment: credential.authenticatorAttachment || null,
      clientExtensionResults: credential.getClientExtensionResults ? credential.getClientExtensionResults() : {},
      response: response
    };
  }

  function assertionJson(credential) {
    var r = credential.response;
    return credentialJson(credential, {
      clientDataJSON: toText(r.clientDataJSON),
      authenticatorData: toText(r.authenticatorData),
      signature: toText(r.signature),
      userHandle: toText(r.userHandle)
    });
  }

  function attestationJson(credential) {
    var r = credential.response;
    return credentialJson(credential, {
      clientDataJSON: toText(r.clientDataJSON),
      attestationObject: toText(r.attestationObject),
      transports: r.getTransports ? r.getTransports() : []
    });
  }

  // A form whose data-options holds the ceremony's options (JSON) and whose button
  // #passkey-button starts it: ceremony(options JSON) returns the promise of the JSON to post in
  // the field "code". Errors show in #passkey-error with the form's data-failed; without
  // WebAuthn or with options that do not parse, data-unsupported and the button stays off.
  function formButton(formId, ceremony) {
    var form = document.getElementById(formId);
    if (!form) { return; }
    var button = document.getElementById("passkey-button");
    var message = document.getElementById("passkey-error");
    function fail(text) {
      message.textContent = text;
      message.hidden = false;
      button.disabled = false;
    }
    if (!window.PublicKeyCredential || !navigator.credentials) {
      fail(form.dataset.unsupported);
      button.disabled = true;
      return;
    }
    try {
      JSON.parse(form.dataset.options);
    } catch (error) {
      fail(form.dataset.unsupported);
      button.disabled = true;
      return;
    }
    button.hidden = false;
    button.addEventListener("click", function () {
      button.disabled = true;
      message.hidden = true;
      ceremony(JSON.parse(form.dataset.options)).then(function (answer) {
        form.elements.namedItem("code").value = JSON.stringify(answer);
        form.submit();
      }).catch(function () {
        fail(form.dataset.failed);
      });
    });
  }

  return {
    requestOptions: requestOptions,
    creationOptions: creationOptions,
    assertionJson: assertionJson,
    attestationJson: attestationJson,
    formButton: formButton
  };
})();
