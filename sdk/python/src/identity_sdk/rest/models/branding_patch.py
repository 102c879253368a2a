from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.branding_patch_default_language import BrandingPatchDefaultLanguage
from ..models.branding_patch_languages_item import BrandingPatchLanguagesItem
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="BrandingPatch")



@_attrs_define
class BrandingPatch:
    """ 
        Attributes:
            background_color (None | str | Unset):
            default_language (BrandingPatchDefaultLanguage | Unset):
            display_name (None | str | Unset):
            languages (list[BrandingPatchLanguagesItem] | Unset):
            logo (None | str | Unset):
            primary_color (None | str | Unset):
     """

    background_color: None | str | Unset = UNSET
    default_language: BrandingPatchDefaultLanguage | Unset = UNSET
    display_name: None | str | Unset = UNSET
    languages: list[BrandingPatchLanguagesItem] | Unset = UNSET
    logo: None | str | Unset = UNSET
    primary_color: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        background_color: None | str | Unset
        if isinstance(self.background_color, Unset):
            background_color = UNSET
        else:
            background_color = self.background_color

        default_language: str | Unset = UNSET
        if not isinstance(self.default_language, Unset):
            default_language = self.default_language.value


        display_name: None | str | Unset
        if isinstance(self.display_name, Unset):
            display_name = UNSET
        else:
            display_name = self.display_name

        languages: list[str] | Unset = UNSET
        if not isinstance(self.languages, Unset):
            languages = []
            for languages_item_data in self.languages:
                languages_item = languages_item_data.value
                languages.append(languages_item)



        logo: None | str | Unset
        if isinstance(self.logo, Unset):
            logo = UNSET
        else:
            logo = self.logo

        primary_color: None | str | Unset
        if isinstance(self.primary_color, Unset):
            primary_color = UNSET
        else:
            primary_color = self.primary_color


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if background_color is not UNSET:
            field_dict["background_color"] = background_color
        if default_language is not UNSET:
            field_dict["default_language"] = default_language
        if display_name is not UNSET:
            field_dict["display_name"] = display_name
        if languages is not UNSET:
            field_dict["languages"] = languages
        if logo is not UNSET:
            field_dict["logo"] = logo
        if primary_color is not UNSET:
            field_dict["primary_color"] = primary_color

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_background_color(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        background_color = _parse_background_color(d.pop("background_color", UNSET))


        _default_language = d.pop("default_language", UNSET)
        default_language: BrandingPatchDefaultLanguage | Unset
        if isinstance(_default_language,  Unset):
            default_language = UNSET
        else:
            default_language = BrandingPatchDefaultLanguage(_default_language)




        def _parse_display_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        display_name = _parse_display_name(d.pop("display_name", UNSET))


        _languages = d.pop("languages", UNSET)
        languages: list[BrandingPatchLanguagesItem] | Unset = UNSET
        if _languages is not UNSET:
            languages = []
            for languages_item_data in _languages:
                languages_item = BrandingPatchLanguagesItem(languages_item_data)



                languages.append(languages_item)


        def _parse_logo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        logo = _parse_logo(d.pop("logo", UNSET))


        def _parse_primary_color(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        primary_color = _parse_primary_color(d.pop("primary_color", UNSET))


        branding_patch = cls(
            background_color=background_color,
            default_language=default_language,
            display_name=display_name,
            languages=languages,
            logo=logo,
            primary_color=primary_color,
        )

        return branding_patch

