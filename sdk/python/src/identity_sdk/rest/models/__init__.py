""" Contains all the data models used in inputs/outputs """

from .accepted import Accepted
from .accepted_status import AcceptedStatus
from .active_organization import ActiveOrganization
from .active_organization_org_role_type_0 import ActiveOrganizationOrgRoleType0
from .actor import Actor
from .add_member import AddMember
from .add_member_role import AddMemberRole
from .admin_create_webhook import AdminCreateWebhook
from .admin_delivery import AdminDelivery
from .admin_delivery_list import AdminDeliveryList
from .admin_delivery_status import AdminDeliveryStatus
from .admin_impersonate import AdminImpersonate
from .admin_impersonation import AdminImpersonation
from .admin_mfa_stats import AdminMfaStats
from .admin_update_webhook import AdminUpdateWebhook
from .admin_webhook import AdminWebhook
from .admin_webhook_list import AdminWebhookList
from .admin_webhook_status import AdminWebhookStatus
from .api_key import ApiKey
from .api_key_created import ApiKeyCreated
from .api_key_created_type import ApiKeyCreatedType
from .api_key_list import ApiKeyList
from .api_key_rotated import ApiKeyRotated
from .api_key_type import ApiKeyType
from .apple_key import AppleKey
from .apple_out import AppleOut
from .audit_entry import AuditEntry
from .audit_entry_metadata import AuditEntryMetadata
from .audit_log_page import AuditLogPage
from .auth_config import AuthConfig
from .auth_config_patch import AuthConfigPatch
from .auth_stats import AuthStats
from .auth_verify_request import AuthVerifyRequest
from .auth_verify_request_code_type_1 import AuthVerifyRequestCodeType1
from .auth_verify_request_factor_type import AuthVerifyRequestFactorType
from .backup_codes import BackupCodes
from .ban_user import BanUser
from .bot_protection import BotProtection
from .bot_protection_patch import BotProtectionPatch
from .bot_protection_patch_provider import BotProtectionPatchProvider
from .bot_protection_provider import BotProtectionProvider
from .branding import Branding
from .branding_default_language import BrandingDefaultLanguage
from .branding_languages_item import BrandingLanguagesItem
from .branding_patch import BrandingPatch
from .branding_patch_default_language import BrandingPatchDefaultLanguage
from .branding_patch_languages_item import BrandingPatchLanguagesItem
from .bulk_disable import BulkDisable
from .bulk_disabled import BulkDisabled
from .callback_query import CallbackQuery
from .challenge import Challenge
from .challenge_request import ChallengeRequest
from .change_password import ChangePassword
from .client import Client
from .client_created import ClientCreated
from .client_created_id_token_signed_response_alg import ClientCreatedIdTokenSignedResponseAlg
from .client_created_jwks_type_0 import ClientCreatedJwksType0
from .client_created_type import ClientCreatedType
from .client_id_token_signed_response_alg import ClientIdTokenSignedResponseAlg
from .client_jwks_type_0 import ClientJwksType0
from .client_list import ClientList
from .client_summary import ClientSummary
from .client_summary_type import ClientSummaryType
from .client_type import ClientType
from .complete_link import CompleteLink
from .config_test import ConfigTest
from .config_test_result import ConfigTestResult
from .config_test_result_delivery import ConfigTestResultDelivery
from .config_test_result_provider import ConfigTestResultProvider
from .confirm_factor import ConfirmFactor
from .confirm_factor_code_type_1 import ConfirmFactorCodeType1
from .connection import Connection
from .connection_list import ConnectionList
from .connection_provider import ConnectionProvider
from .connection_token_endpoint_auth_method import ConnectionTokenEndpointAuthMethod
from .consent_form import ConsentForm
from .create_client import CreateClient
from .create_client_grant_types_type_0_item import CreateClientGrantTypesType0Item
from .create_client_id_token_signed_response_alg import CreateClientIdTokenSignedResponseAlg
from .create_client_jwks_type_0 import CreateClientJwksType0
from .create_client_token_endpoint_auth_method_type_0 import CreateClientTokenEndpointAuthMethodType0
from .create_client_type import CreateClientType
from .create_connection import CreateConnection
from .create_connection_provider import CreateConnectionProvider
from .create_connection_token_endpoint_auth_method_type_0 import CreateConnectionTokenEndpointAuthMethodType0
from .create_invitation import CreateInvitation
from .create_invitation_role import CreateInvitationRole
from .create_key import CreateKey
from .create_key_scopes_item import CreateKeyScopesItem
from .create_key_type import CreateKeyType
from .create_organization import CreateOrganization
from .create_organization_public_metadata import CreateOrganizationPublicMetadata
from .create_tenant import CreateTenant
from .create_tenant_plan import CreateTenantPlan
from .create_tenant_private_metadata import CreateTenantPrivateMetadata
from .create_tenant_public_metadata import CreateTenantPublicMetadata
from .create_user import CreateUser
from .create_user_private_metadata import CreateUserPrivateMetadata
from .create_user_public_metadata import CreateUserPublicMetadata
from .create_user_role import CreateUserRole
from .create_webhook import CreateWebhook
from .deleted import Deleted
from .delivery import Delivery
from .delivery_list import DeliveryList
from .delivery_status import DeliveryStatus
from .disable_user import DisableUser
from .discovery import Discovery
from .email_change_sent import EmailChangeSent
from .email_code_request import EmailCodeRequest
from .email_code_verify import EmailCodeVerify
from .email_config import EmailConfig
from .email_config_provider import EmailConfigProvider
from .end_session_form import EndSessionForm
from .endpoints import Endpoints
from .endpoints_out import EndpointsOut
from .enroll_factor import EnrollFactor
from .enroll_factor_type import EnrollFactorType
from .enrollment import Enrollment
from .enrollment_status import EnrollmentStatus
from .enrollment_type import EnrollmentType
from .error import Error
from .error_detail import ErrorDetail
from .error_info import ErrorInfo
from .exchange import Exchange
from .exchange_result import ExchangeResult
from .factor import Factor
from .factor_list import FactorList
from .factor_status import FactorStatus
from .factor_summary import FactorSummary
from .factor_summary_type import FactorSummaryType
from .factor_type import FactorType
from .field_mapping import FieldMapping
from .field_mapping_out import FieldMappingOut
from .forgot import Forgot
from .generate_backup_codes import GenerateBackupCodes
from .get_cp_v1_tenants_order import GetCpV1TenantsOrder
from .get_cp_v1_tenants_plan import GetCpV1TenantsPlan
from .get_cp_v1_tenants_status import GetCpV1TenantsStatus
from .get_v1_admin_audit_logs_order import GetV1AdminAuditLogsOrder
from .get_v1_api_keys_order import GetV1ApiKeysOrder
from .get_v1_api_keys_type import GetV1ApiKeysType
from .get_v1_auth_organizations_order import GetV1AuthOrganizationsOrder
from .get_v1_auth_sessions_order import GetV1AuthSessionsOrder
from .get_v1_clients_id_tokens_order import GetV1ClientsIdTokensOrder
from .get_v1_clients_order import GetV1ClientsOrder
from .get_v1_clients_type import GetV1ClientsType
from .get_v1_connections_order import GetV1ConnectionsOrder
from .get_v1_connections_provider import GetV1ConnectionsProvider
from .get_v1_me_identities_order import GetV1MeIdentitiesOrder
from .get_v1_organizations_id_invitations_order import GetV1OrganizationsIdInvitationsOrder
from .get_v1_organizations_id_invitations_status import GetV1OrganizationsIdInvitationsStatus
from .get_v1_organizations_id_members_order import GetV1OrganizationsIdMembersOrder
from .get_v1_organizations_id_members_role import GetV1OrganizationsIdMembersRole
from .get_v1_organizations_order import GetV1OrganizationsOrder
from .get_v1_revocations_stream_response_200_type_0 import GetV1RevocationsStreamResponse200Type0
from .get_v1_revocations_stream_response_200_type_1 import GetV1RevocationsStreamResponse200Type1
from .get_v1_sessions_order import GetV1SessionsOrder
from .get_v1_sessions_status import GetV1SessionsStatus
from .get_v1_tenants_order import GetV1TenantsOrder
from .get_v1_tenants_plan import GetV1TenantsPlan
from .get_v1_tenants_status import GetV1TenantsStatus
from .get_v1_users_id_identities_order import GetV1UsersIdIdentitiesOrder
from .get_v1_users_id_sessions_order import GetV1UsersIdSessionsOrder
from .get_v1_users_order import GetV1UsersOrder
from .get_v1_users_role import GetV1UsersRole
from .get_v1_users_sort import GetV1UsersSort
from .get_v1_users_status import GetV1UsersStatus
from .get_v1_webhooks_id_deliveries_order import GetV1WebhooksIdDeliveriesOrder
from .get_v1_webhooks_id_deliveries_status import GetV1WebhooksIdDeliveriesStatus
from .get_v1_webhooks_order import GetV1WebhooksOrder
from .get_v2_admin_webhooks_order import GetV2AdminWebhooksOrder
from .get_v2_admin_webhooks_webhook_id_deliveries_order import GetV2AdminWebhooksWebhookIdDeliveriesOrder
from .get_v2_admin_webhooks_webhook_id_deliveries_status import GetV2AdminWebhooksWebhookIdDeliveriesStatus
from .health import Health
from .hosted_texts import HostedTexts
from .hosted_texts_defaults import HostedTextsDefaults
from .hosted_texts_overrides import HostedTextsOverrides
from .identity import Identity
from .identity_list import IdentityList
from .identity_provider import IdentityProvider
from .impersonate_user import ImpersonateUser
from .impersonation import Impersonation
from .introspection import Introspection
from .invitation import Invitation
from .invitation_list import InvitationList
from .invitation_role import InvitationRole
from .invitation_status import InvitationStatus
from .issued_token import IssuedToken
from .jwk import Jwk
from .jwks import Jwks
from .link_started import LinkStarted
from .magic_link import MagicLink
from .me import Me
from .me_public_metadata import MePublicMetadata
from .member_user import MemberUser
from .membership import Membership
from .membership_list import MembershipList
from .membership_role import MembershipRole
from .mfa_form import MfaForm
from .mfa_tokens import MfaTokens
from .my_organization import MyOrganization
from .my_organization_list import MyOrganizationList
from .my_organization_role import MyOrganizationRole
from .my_session import MySession
from .my_session_list import MySessionList
from .o_auth_error_body import OAuthErrorBody
from .org_stats import OrgStats
from .organization import Organization
from .organization_list import OrganizationList
from .organization_public_metadata import OrganizationPublicMetadata
from .organization_stats import OrganizationStats
from .pagination import Pagination
from .passkey_sign_in import PasskeySignIn
from .passkey_sign_in_credential_type_1 import PasskeySignInCredentialType1
from .password_changed import PasswordChanged
from .preview import Preview
from .preview_variables import PreviewVariables
from .public_connection import PublicConnection
from .public_connection_list import PublicConnectionList
from .public_connection_provider import PublicConnectionProvider
from .public_user import PublicUser
from .public_user_public_metadata import PublicUserPublicMetadata
from .put_config import PutConfig
from .put_config_provider import PutConfigProvider
from .put_hosted_texts import PutHostedTexts
from .put_hosted_texts_texts import PutHostedTextsTexts
from .put_template import PutTemplate
from .rate_limits import RateLimits
from .reduced_user import ReducedUser
from .refresh import Refresh
from .rendered_email import RenderedEmail
from .resend import Resend
from .reset import Reset
from .resource import Resource
from .revocation import Revocation
from .revocation_kind import RevocationKind
from .revoke_all_sessions import RevokeAllSessions
from .revoked import Revoked
from .rotate_key import RotateKey
from .search_filters import SearchFilters
from .search_filters_role_type_0 import SearchFiltersRoleType0
from .search_filters_status_type_0 import SearchFiltersStatusType0
from .search_sort import SearchSort
from .search_sort_direction import SearchSortDirection
from .search_sort_field import SearchSortField
from .search_users import SearchUsers
from .secret_rotated import SecretRotated
from .sent import Sent
from .session import Session
from .session_credentials import SessionCredentials
from .session_list import SessionList
from .session_stats import SessionStats
from .session_status import SessionStatus
from .sessions_stats import SessionsStats
from .set_active_organization import SetActiveOrganization
from .set_password import SetPassword
from .sign_in import SignIn
from .sign_in_form import SignInForm
from .sign_in_result import SignInResult
from .sign_up import SignUp
from .sign_up_metadata_type_0 import SignUpMetadataType0
from .sign_up_result import SignUpResult
from .smtp_in import SmtpIn
from .smtp_out import SmtpOut
from .start_email_change import StartEmailChange
from .start_link import StartLink
from .stats import Stats
from .suspend_tenant import SuspendTenant
from .template import Template
from .template_list import TemplateList
from .tenant import Tenant
from .tenant_created import TenantCreated
from .tenant_created_plan import TenantCreatedPlan
from .tenant_created_private_metadata import TenantCreatedPrivateMetadata
from .tenant_created_public_metadata import TenantCreatedPublicMetadata
from .tenant_created_status import TenantCreatedStatus
from .tenant_list import TenantList
from .tenant_mfa_stats import TenantMfaStats
from .tenant_plan import TenantPlan
from .tenant_private_metadata import TenantPrivateMetadata
from .tenant_public_metadata import TenantPublicMetadata
from .tenant_stats import TenantStats
from .tenant_status import TenantStatus
from .test_result import TestResult
from .test_result_status import TestResultStatus
from .test_webhook import TestWebhook
from .token_body import TokenBody
from .token_form import TokenForm
from .token_hint_form import TokenHintForm
from .token_list import TokenList
from .token_pair import TokenPair
from .token_response import TokenResponse
from .totp_enrollment import TotpEnrollment
from .update_client import UpdateClient
from .update_client_id_token_signed_response_alg import UpdateClientIdTokenSignedResponseAlg
from .update_client_jwks import UpdateClientJwks
from .update_connection import UpdateConnection
from .update_connection_token_endpoint_auth_method import UpdateConnectionTokenEndpointAuthMethod
from .update_key import UpdateKey
from .update_key_scopes_item import UpdateKeyScopesItem
from .update_member import UpdateMember
from .update_member_role import UpdateMemberRole
from .update_organization import UpdateOrganization
from .update_organization_public_metadata import UpdateOrganizationPublicMetadata
from .update_profile import UpdateProfile
from .update_tenant import UpdateTenant
from .update_tenant_plan import UpdateTenantPlan
from .update_tenant_private_metadata import UpdateTenantPrivateMetadata
from .update_tenant_public_metadata import UpdateTenantPublicMetadata
from .update_tenant_status import UpdateTenantStatus
from .update_user import UpdateUser
from .update_user_private_metadata import UpdateUserPrivateMetadata
from .update_user_public_metadata import UpdateUserPublicMetadata
from .update_user_role import UpdateUserRole
from .update_user_status import UpdateUserStatus
from .update_webhook import UpdateWebhook
from .user import User
from .user_info import UserInfo
from .user_list import UserList
from .user_pagination import UserPagination
from .user_private_metadata import UserPrivateMetadata
from .user_public_metadata import UserPublicMetadata
from .user_result import UserResult
from .user_session import UserSession
from .user_session_list import UserSessionList
from .user_stats import UserStats
from .users_stats import UsersStats
from .verification import Verification
from .verify_email_change import VerifyEmailChange
from .verify_email_code import VerifyEmailCode
from .verify_email_form import VerifyEmailForm
from .verify_request import VerifyRequest
from .verify_request_code_type_1 import VerifyRequestCodeType1
from .verify_token import VerifyToken
from .webauthn_info import WebauthnInfo
from .webauthn_options import WebauthnOptions
from .webauthn_options_options import WebauthnOptionsOptions
from .webhook import Webhook
from .webhook_created import WebhookCreated
from .webhook_created_status import WebhookCreatedStatus
from .webhook_list import WebhookList
from .webhook_status import WebhookStatus

__all__ = (
    "Accepted",
    "AcceptedStatus",
    "ActiveOrganization",
    "ActiveOrganizationOrgRoleType0",
    "Actor",
    "AddMember",
    "AddMemberRole",
    "AdminCreateWebhook",
    "AdminDelivery",
    "AdminDeliveryList",
    "AdminDeliveryStatus",
    "AdminImpersonate",
    "AdminImpersonation",
    "AdminMfaStats",
    "AdminUpdateWebhook",
    "AdminWebhook",
    "AdminWebhookList",
    "AdminWebhookStatus",
    "ApiKey",
    "ApiKeyCreated",
    "ApiKeyCreatedType",
    "ApiKeyList",
    "ApiKeyRotated",
    "ApiKeyType",
    "AppleKey",
    "AppleOut",
    "AuditEntry",
    "AuditEntryMetadata",
    "AuditLogPage",
    "AuthConfig",
    "AuthConfigPatch",
    "AuthStats",
    "AuthVerifyRequest",
    "AuthVerifyRequestCodeType1",
    "AuthVerifyRequestFactorType",
    "BackupCodes",
    "BanUser",
    "BotProtection",
    "BotProtectionPatch",
    "BotProtectionPatchProvider",
    "BotProtectionProvider",
    "Branding",
    "BrandingDefaultLanguage",
    "BrandingLanguagesItem",
    "BrandingPatch",
    "BrandingPatchDefaultLanguage",
    "BrandingPatchLanguagesItem",
    "BulkDisable",
    "BulkDisabled",
    "CallbackQuery",
    "Challenge",
    "ChallengeRequest",
    "ChangePassword",
    "Client",
    "ClientCreated",
    "ClientCreatedIdTokenSignedResponseAlg",
    "ClientCreatedJwksType0",
    "ClientCreatedType",
    "ClientIdTokenSignedResponseAlg",
    "ClientJwksType0",
    "ClientList",
    "ClientSummary",
    "ClientSummaryType",
    "ClientType",
    "CompleteLink",
    "ConfigTest",
    "ConfigTestResult",
    "ConfigTestResultDelivery",
    "ConfigTestResultProvider",
    "ConfirmFactor",
    "ConfirmFactorCodeType1",
    "Connection",
    "ConnectionList",
    "ConnectionProvider",
    "ConnectionTokenEndpointAuthMethod",
    "ConsentForm",
    "CreateClient",
    "CreateClientGrantTypesType0Item",
    "CreateClientIdTokenSignedResponseAlg",
    "CreateClientJwksType0",
    "CreateClientTokenEndpointAuthMethodType0",
    "CreateClientType",
    "CreateConnection",
    "CreateConnectionProvider",
    "CreateConnectionTokenEndpointAuthMethodType0",
    "CreateInvitation",
    "CreateInvitationRole",
    "CreateKey",
    "CreateKeyScopesItem",
    "CreateKeyType",
    "CreateOrganization",
    "CreateOrganizationPublicMetadata",
    "CreateTenant",
    "CreateTenantPlan",
    "CreateTenantPrivateMetadata",
    "CreateTenantPublicMetadata",
    "CreateUser",
    "CreateUserPrivateMetadata",
    "CreateUserPublicMetadata",
    "CreateUserRole",
    "CreateWebhook",
    "Deleted",
    "Delivery",
    "DeliveryList",
    "DeliveryStatus",
    "DisableUser",
    "Discovery",
    "EmailChangeSent",
    "EmailCodeRequest",
    "EmailCodeVerify",
    "EmailConfig",
    "EmailConfigProvider",
    "Endpoints",
    "EndpointsOut",
    "EndSessionForm",
    "EnrollFactor",
    "EnrollFactorType",
    "Enrollment",
    "EnrollmentStatus",
    "EnrollmentType",
    "Error",
    "ErrorDetail",
    "ErrorInfo",
    "Exchange",
    "ExchangeResult",
    "Factor",
    "FactorList",
    "FactorStatus",
    "FactorSummary",
    "FactorSummaryType",
    "FactorType",
    "FieldMapping",
    "FieldMappingOut",
    "Forgot",
    "GenerateBackupCodes",
    "GetCpV1TenantsOrder",
    "GetCpV1TenantsPlan",
    "GetCpV1TenantsStatus",
    "GetV1AdminAuditLogsOrder",
    "GetV1ApiKeysOrder",
    "GetV1ApiKeysType",
    "GetV1AuthOrganizationsOrder",
    "GetV1AuthSessionsOrder",
    "GetV1ClientsIdTokensOrder",
    "GetV1ClientsOrder",
    "GetV1ClientsType",
    "GetV1ConnectionsOrder",
    "GetV1ConnectionsProvider",
    "GetV1MeIdentitiesOrder",
    "GetV1OrganizationsIdInvitationsOrder",
    "GetV1OrganizationsIdInvitationsStatus",
    "GetV1OrganizationsIdMembersOrder",
    "GetV1OrganizationsIdMembersRole",
    "GetV1OrganizationsOrder",
    "GetV1RevocationsStreamResponse200Type0",
    "GetV1RevocationsStreamResponse200Type1",
    "GetV1SessionsOrder",
    "GetV1SessionsStatus",
    "GetV1TenantsOrder",
    "GetV1TenantsPlan",
    "GetV1TenantsStatus",
    "GetV1UsersIdIdentitiesOrder",
    "GetV1UsersIdSessionsOrder",
    "GetV1UsersOrder",
    "GetV1UsersRole",
    "GetV1UsersSort",
    "GetV1UsersStatus",
    "GetV1WebhooksIdDeliveriesOrder",
    "GetV1WebhooksIdDeliveriesStatus",
    "GetV1WebhooksOrder",
    "GetV2AdminWebhooksOrder",
    "GetV2AdminWebhooksWebhookIdDeliveriesOrder",
    "GetV2AdminWebhooksWebhookIdDeliveriesStatus",
    "Health",
    "HostedTexts",
    "HostedTextsDefaults",
    "HostedTextsOverrides",
    "Identity",
    "IdentityList",
    "IdentityProvider",
    "ImpersonateUser",
    "Impersonation",
    "Introspection",
    "Invitation",
    "InvitationList",
    "InvitationRole",
    "InvitationStatus",
    "IssuedToken",
    "Jwk",
    "Jwks",
    "LinkStarted",
    "MagicLink",
    "Me",
    "Membership",
    "MembershipList",
    "MembershipRole",
    "MemberUser",
    "MePublicMetadata",
    "MfaForm",
    "MfaTokens",
    "MyOrganization",
    "MyOrganizationList",
    "MyOrganizationRole",
    "MySession",
    "MySessionList",
    "OAuthErrorBody",
    "Organization",
    "OrganizationList",
    "OrganizationPublicMetadata",
    "OrganizationStats",
    "OrgStats",
    "Pagination",
    "PasskeySignIn",
    "PasskeySignInCredentialType1",
    "PasswordChanged",
    "Preview",
    "PreviewVariables",
    "PublicConnection",
    "PublicConnectionList",
    "PublicConnectionProvider",
    "PublicUser",
    "PublicUserPublicMetadata",
    "PutConfig",
    "PutConfigProvider",
    "PutHostedTexts",
    "PutHostedTextsTexts",
    "PutTemplate",
    "RateLimits",
    "ReducedUser",
    "Refresh",
    "RenderedEmail",
    "Resend",
    "Reset",
    "Resource",
    "Revocation",
    "RevocationKind",
    "RevokeAllSessions",
    "Revoked",
    "RotateKey",
    "SearchFilters",
    "SearchFiltersRoleType0",
    "SearchFiltersStatusType0",
    "SearchSort",
    "SearchSortDirection",
    "SearchSortField",
    "SearchUsers",
    "SecretRotated",
    "Sent",
    "Session",
    "SessionCredentials",
    "SessionList",
    "SessionsStats",
    "SessionStats",
    "SessionStatus",
    "SetActiveOrganization",
    "SetPassword",
    "SignIn",
    "SignInForm",
    "SignInResult",
    "SignUp",
    "SignUpMetadataType0",
    "SignUpResult",
    "SmtpIn",
    "SmtpOut",
    "StartEmailChange",
    "StartLink",
    "Stats",
    "SuspendTenant",
    "Template",
    "TemplateList",
    "Tenant",
    "TenantCreated",
    "TenantCreatedPlan",
    "TenantCreatedPrivateMetadata",
    "TenantCreatedPublicMetadata",
    "TenantCreatedStatus",
    "TenantList",
    "TenantMfaStats",
    "TenantPlan",
    "TenantPrivateMetadata",
    "TenantPublicMetadata",
    "TenantStats",
    "TenantStatus",
    "TestResult",
    "TestResultStatus",
    "TestWebhook",
    "TokenBody",
    "TokenForm",
    "TokenHintForm",
    "TokenList",
    "TokenPair",
    "TokenResponse",
    "TotpEnrollment",
    "UpdateClient",
    "UpdateClientIdTokenSignedResponseAlg",
    "UpdateClientJwks",
    "UpdateConnection",
    "UpdateConnectionTokenEndpointAuthMethod",
    "UpdateKey",
    "UpdateKeyScopesItem",
    "UpdateMember",
    "UpdateMemberRole",
    "UpdateOrganization",
    "UpdateOrganizationPublicMetadata",
    "UpdateProfile",
    "UpdateTenant",
    "UpdateTenantPlan",
    "UpdateTenantPrivateMetadata",
    "UpdateTenantPublicMetadata",
    "UpdateTenantStatus",
    "UpdateUser",
    "UpdateUserPrivateMetadata",
    "UpdateUserPublicMetadata",
    "UpdateUserRole",
    "UpdateUserStatus",
    "UpdateWebhook",
    "User",
    "UserInfo",
    "UserList",
    "UserPagination",
    "UserPrivateMetadata",
    "UserPublicMetadata",
    "UserResult",
    "UserSession",
    "UserSessionList",
    "UsersStats",
    "UserStats",
    "Verification",
    "VerifyEmailChange",
    "VerifyEmailCode",
    "VerifyEmailForm",
    "VerifyRequest",
    "VerifyRequestCodeType1",
    "VerifyToken",
    "WebauthnInfo",
    "WebauthnOptions",
    "WebauthnOptionsOptions",
    "Webhook",
    "WebhookCreated",
    "WebhookCreatedStatus",
    "WebhookList",
    "WebhookStatus",
)
