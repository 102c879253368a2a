from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.email_config_provider import EmailConfigProvider
from typing import cast

if TYPE_CHECKING:
  from ..models.smtp_out import SmtpOut





T = TypeVar("T", bound="EmailConfig")



@_attrs_define
class EmailConfig:
    """ 
        Attributes:
            from_email (None | str):
            from_name (None | str):
            provider (EmailConfigProvider):
            reply_to (None | str):
            smtp (None | SmtpOut):
            updated_at (None | str):
     """

    from_email: None | str
    from_name: None | str
    provider: EmailConfigProvider
    reply_to: None | str
    smtp: None | SmtpOut
    updated_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.smtp_out import SmtpOut # noqa: PLC0415
        from_email: None | str
        from_email = self.from_email

        from_name: None | str
        from_name = self.from_name

        provider = self.provider.value

        reply_to: None | str
        reply_to = self.reply_to

        smtp: dict[str, Any] | None
        if isinstance(self.smtp, SmtpOut):
            smtp = self.smtp.to_dict()
        else:
            smtp = self.smtp

        updated_at: None | str
        updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "from_email": from_email,
            "from_name": from_name,
            "provider": provider,
            "reply_to": reply_to,
            "smtp": smtp,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.smtp_out import SmtpOut # noqa: PLC0415
        d = dict(src_dict)
        def _parse_from_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        from_email = _parse_from_email(d.pop("from_email"))


        def _parse_from_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        from_name = _parse_from_name(d.pop("from_name"))


        provider = EmailConfigProvider(d.pop("provider"))




        def _parse_reply_to(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reply_to = _parse_reply_to(d.pop("reply_to"))


        def _parse_smtp(data: object) -> None | SmtpOut:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                smtp_type_0 = SmtpOut.from_dict(data)



                return smtp_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SmtpOut, data)

        smtp = _parse_smtp(d.pop("smtp"))


        def _parse_updated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))


        email_config = cls(
            from_email=from_email,
            from_name=from_name,
            provider=provider,
            reply_to=reply_to,
            smtp=smtp,
            updated_at=updated_at,
        )


        email_config.additional_properties = d
        return email_config

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
