// Adding a passkey from the account's security page (docs/hosted-pages.md, "Security"): asks
// the browser to create a credential with the registration options (the form's data-options,
// the WebAuthn JSON form; discoverable: residentKey preferred) and posts the attestation with
// the form's CSRF token. Only this step needs JavaScript.
"use strict";
(function () {
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
  var form = document.getElementById("passkey-enrol-form");
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
    var options = JSON.parse(form.dataset.options);  // afresh: a second try needs the text form
    options.challenge = toBuffer(options.challenge);
    options.user.id = toBuffer(options.user.id);
    (options.excludeCredentials || []).forEach(function (c) { c.id = toBuffer(c.id); });
    button.disabled = true;
    message.hidden = true;
    navigator.credentials.create({ publicKey: options }).then(function (credential) {
      var r = credential.response;
      form.elements.namedItem("code").value = JSON.stringify({
        id: credential.id,
        rawId: toText(credential.rawId),
        type: credential.type,
        authenticatorAttachment: credential.authenticatorAttachment || null,
        clientExtensionResults: credential.getClientExtensionResults(),
        response: {
          clientDataJSON: toText(r.clientDataJSON),
          attestationObject: toText(r.attestationObject),
          transports: r.getTransports ? r.getTransports() : []
        }
      });
      form.submit();
    }).catch(function () {
      fail(form.dataset.failed);
    });
  });
})();
