extension StoryFormatRegistry {
    /// Every format storygraph knows, in the order they are tried: the one registration
    /// list. A new format is a folder of `StoryFormats` and one line here.
    public static let standard = StoryFormatRegistry([
        StoryJSONLoader.self,
        CYOAJSONLoader.self,
        DestiniLoader.self,
        AdventurePieceLoader.self,
        TweeLoader.self,
        TwineHTMLLoader.self,
        InkLoader.self,
        InkJSONLoader.self,
        ChoiceScriptLoader.self,
        YarnLoader.self,
        GamebookLoader.self,
        RenPyLoader.self,
    ])
}
