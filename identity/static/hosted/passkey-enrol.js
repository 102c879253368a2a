// Adding a passkey from the account's security page (docs/hosted-pages.md, "Security"): asks
// the browser to create a credential with the registration options (the form's data-options,
// the WebAuthn JSON form; discoverable: residentKey preferred) and posts the attestation with
// the form's CSRF token. Only this step needs JavaScript; the shared parts are in webauthn.js.
"use strict";
(function () {
  var webauthn = window.IdentityWebAuthn;
  if (!webauthn) { return; }
  webauthn.formButton("passkey-enrol-form", function (json) {
    return navigator.credentials.create({ publicKey: webauthn.creationOptions(json) })
      .then(webauthn.attestationJson);
  });
})();
