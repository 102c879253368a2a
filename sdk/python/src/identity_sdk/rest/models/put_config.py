from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.put_config_provider import PutConfigProvider
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.smtp_in import SmtpIn





T = TypeVar("T", bound="PutConfig")



@_attrs_define
class PutConfig:
    """ 
        Attributes:
            provider (PutConfigProvider):
            from_email (None | str | Unset):
            from_name (None | str | Unset):
            reply_to (None | str | Unset):
            smtp (None | SmtpIn | Unset):
     """

    provider: PutConfigProvider
    from_email: None | str | Unset = UNSET
    from_name: None | str | Unset = UNSET
    reply_to: None | str | Unset = UNSET
    smtp: None | SmtpIn | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.smtp_in import SmtpIn # noqa: PLC0415
        provider = self.provider.value

        from_email: None | str | Unset
        if isinstance(self.from_email, Unset):
            from_email = UNSET
        else:
            from_email = self.from_email

        from_name: None | str | Unset
        if isinstance(self.from_name, Unset):
            from_name = UNSET
        else:
            from_name = self.from_name

        reply_to: None | str | Unset
        if isinstance(self.reply_to, Unset):
            reply_to = UNSET
        else:
            reply_to = self.reply_to

        smtp: dict[str, Any] | None | Unset
        if isinstance(self.smtp, Unset):
            smtp = UNSET
        elif isinstance(self.smtp, SmtpIn):
            smtp = self.smtp.to_dict()
        else:
            smtp = self.smtp


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "provider": provider,
        })
        if from_email is not UNSET:
            field_dict["from_email"] = from_email
        if from_name is not UNSET:
            field_dict["from_name"] = from_name
        if reply_to is not UNSET:
            field_dict["reply_to"] = reply_to
        if smtp is not UNSET:
            field_dict["smtp"] = smtp

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.smtp_in import SmtpIn # noqa: PLC0415
        d = dict(src_dict)
        provider = PutConfigProvider(d.pop("provider"))




        def _parse_from_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        from_email = _parse_from_email(d.pop("from_email", UNSET))


        def _parse_from_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        from_name = _parse_from_name(d.pop("from_name", UNSET))


        def _parse_reply_to(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reply_to = _parse_reply_to(d.pop("reply_to", UNSET))


        def _parse_smtp(data: object) -> None | SmtpIn | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                smtp_type_0 = SmtpIn.from_dict(data)



                return smtp_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SmtpIn | Unset, data)

        smtp = _parse_smtp(d.pop("smtp", UNSET))


        put_config = cls(
            provider=provider,
            from_email=from_email,
            from_name=from_name,
            reply_to=reply_to,
            smtp=smtp,
        )

        return put_config

